/** One draft across the wizard's paths: switching, continuing on GitHub after a write, and starting anew. */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderInfo } from '../../../../domain/ipc/registry-channels';
import { createQueryClient } from '../../app/query-client';
import { emptyDraft, type Draft } from './draft';
import { emptyForm } from './entry-form';
import { continueOnGitHub, nextDraft, switchPath } from './wizard-actions';
import { wizardKeys } from './wizard-queries';
import { initialUi, useWizardStore } from './wizard-store';

const logo = { logoId: 'f'.repeat(32), fileName: 'aurora.png', fix: { fit: 'cover' as const } };
const form = { ...emptyForm(), id: 'cosmosvaloper1abc', name: 'Aurora Staking', description: 'Lisbon.', website: 'https://a.example' };
const started = (over: Partial<Draft> = {}): Draft => ({ ...emptyDraft('/reg'), chain: 'cosmos', form, logo, step: 'details', ...over });
const registry = (root: string): FolderInfo => ({ root, isRegistry: true, chains: [], validators: 0, git: null });
/** What must carry over on every path: chain, id, details and the (fixed) logo. */
const entryOf = (d: Draft) => ({ chain: d.chain, mode: d.mode, originalId: d.originalId, form: d.form, logo: d.logo });

let client: QueryClient;
beforeEach(() => {
  client = createQueryClient();
  useWizardStore.setState(initialUi(), true);
});
afterEach(() => client.clear());

describe('switching between GitHub and a local copy', () => {
  it('keeps the chain, id, details and the fixed logo, and the step, both ways', () => {
    useWizardStore.setState({ folderInput: '/reg', draft: started() });
    client.setQueryData(wizardKeys.folder('/reg'), registry('/reg'));
    const before = entryOf(useWizardStore.getState().draft);
    switchPath(client, 'github');
    expect(useWizardStore.getState().draft).toMatchObject({ source: 'github', step: 'details' });
    expect(entryOf(useWizardStore.getState().draft)).toEqual(before);
    useWizardStore.setState((s) => ({ draft: { ...s.draft, step: 'review' } }));
    switchPath(client, 'folder');
    expect(useWizardStore.getState().draft).toMatchObject({ source: 'folder', step: 'review' });
    expect(entryOf(useWizardStore.getState().draft)).toEqual(before);
  });

  it('opens step 1 when the local copy is not chosen yet, with the entry kept for the later steps', () => {
    useWizardStore.setState({ folderInput: '', draft: { ...started({ root: '' }), source: 'github', step: 'logo' } });
    switchPath(client, 'folder');
    expect(useWizardStore.getState().draft).toMatchObject({ source: 'folder', step: 'folder', chain: 'cosmos', form, logo });
  });

  it('a folder that is not a registry is not "chosen" either', () => {
    useWizardStore.setState({ folderInput: '/tmp', draft: { ...started(), source: 'github' } });
    client.setQueryData(wizardKeys.folder('/tmp'), { ...registry('/tmp'), isRegistry: false });
    switchPath(client, 'folder');
    expect(useWizardStore.getState().draft.step).toBe('folder');
  });
});

describe('after a write into a folder', () => {
  it('"Open the pull request through GitHub" takes the same draft to the GitHub path, on Review', () => {
    const written: Draft['written'] = {
      operationId: 'op-1',
      root: '/reg',
      summary: 'Added Aurora Staking',
      kind: 'add',
      name: 'Aurora Staking',
      chain: 'cosmos',
      paths: [{ path: 'a', absolutePath: '/reg/a' }],
      undone: false,
      commit: null,
    };
    useWizardStore.setState({ draft: started({ step: 'write', written }) });
    const before = entryOf(useWizardStore.getState().draft);
    continueOnGitHub();
    const after = useWizardStore.getState().draft;
    expect(after).toMatchObject({ source: 'github', step: 'review', written: null, pullRequest: null, upstream: 'trustwallet/assets' });
    expect(entryOf(after)).toEqual(before);
  });
});

describe('starting a new submission', () => {
  it('keeping nothing starts on step 1 in the same place', () => {
    const next = nextDraft({ ...started(), source: 'github', upstream: 'octo/assets' }, 'nothing', 5);
    expect(next).toEqual({ ...emptyDraft('/reg'), source: 'github', upstream: 'octo/assets', updatedAt: 5 });
    expect(next.step).toBe('folder');
  });

  it('keeping the chain and details keeps the logo too, as a new entry waiting for its id', () => {
    const update = started({ mode: 'update', originalId: 'cosmosvaloper1abc', disable: { disabled: true, note: 'x' }, step: 'write' });
    const next = nextDraft(update, 'chain-and-details', 5);
    expect(next).toMatchObject({ chain: 'cosmos', mode: 'add', originalId: '', step: 'id', logo, written: null });
    expect(next.form).toEqual({ ...form, id: '' });
    expect(next.disable).toEqual({ disabled: false, note: '' });
  });
});
