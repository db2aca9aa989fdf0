/** The wizard's requests against a fake main: what is re-read, what a write invalidates, which answer wins. */
import { MutationObserver, QueryClient, type MutationObserverOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../../domain/ipc/contract';
import { createFacade, type CompanionApi } from '../../../../domain/ipc/facade';
import type { EntrySnapshot, FolderInfo, LogoInspection, WriteResult } from '../../../../domain/ipc/registry-channels';
import { createQueryClient } from '../../app/query-client';
import { emptyDraft } from './draft';
import { checkFolder, chooseChain, openFromFinding, removeLogo, startOver } from './wizard-actions';
import { chooseLogoMutation, forgetFolderMutation, undoWriteMutation, writeFilesMutation, type WriteRequest } from './wizard-mutations';
import { entriesQuery, folderQuery, logoQuery, wizardKeys } from './wizard-queries';
import { initialUi, useWizardStore } from './wizard-store';

type Handler = (...args: never[]) => unknown;

/** main as the wizard sees it: each channel answers from `handlers` and is counted. */
function fakeMain(handlers: Partial<Record<Channel, Handler>>) {
  const calls: { channel: Channel; args: unknown[] }[] = [];
  const api: CompanionApi = createFacade({
    async invoke(channel, args) {
      calls.push({ channel, args });
      const handler = handlers[channel];
      if (!handler) return { ok: false, error: { code: 'unknown', message: `no ${channel}` } };
      try {
        return { ok: true, value: await (handler as (...a: unknown[]) => unknown)(...args) };
      } catch (error) {
        return { ok: false, error: { code: 'failed', message: (error as Error).message } };
      }
    },
    subscribe: () => () => undefined,
  });
  const count = (channel: Channel) => calls.filter((c) => c.channel === channel).length;
  return { api, calls, count };
}

const folder = (root: string, git: FolderInfo['git'] = null): FolderInfo => ({
  root,
  isRegistry: true,
  chains: [{ slug: 'cosmos', name: 'Cosmos Hub', validators: 1, known: true }],
  validators: 1,
  git,
});
const entry = (id: string): EntrySnapshot => ({
  index: 0,
  id,
  name: `Name of ${id}`,
  description: 'd',
  website: 'https://e.example',
  unreadable: [],
});
const inspection = (logoId: string, fileName: string): LogoInspection => ({ logoId, fileName, bytes: 3, format: 'png', findings: [] });

/** A promise settled from outside, to decide which of two replies comes first. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

// The upload reads parts of the file with FileReader, a browser API.
class NodeFileReader {
  result: string | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readAsDataURL(blob: Blob): void {
    void blob.arrayBuffer().then((bytes) => {
      this.result = `data:application/octet-stream;base64,${btoa(String.fromCharCode(...new Uint8Array(bytes)))}`;
      this.onload?.();
    });
  }
}

let client: QueryClient;
beforeEach(() => {
  client = createQueryClient();
  useWizardStore.setState(initialUi(), true);
  (globalThis as { FileReader?: unknown }).FileReader = NodeFileReader;
});
afterEach(() => client.clear());

const mutate = <D, V, C>(options: MutationObserverOptions<D, Error, V, C>, variables: V) =>
  new MutationObserver(client, options).mutate(variables);

describe('reading the folder and its lists', () => {
  it('asks main again when the same folder is checked again, and refreshes the recent folders after a registry opens', async () => {
    const main = fakeMain({
      'registry:openFolder': (root: string) => folder(root),
      'registry:recentFolders': () => ({ folders: ['/reg'] }),
    });
    client.setQueryData(wizardKeys.recent, []);
    await client.fetchQuery(folderQuery(main.api, '/reg'));
    expect(client.getQueryState(wizardKeys.recent)?.isInvalidated).toBe(true);
    await client.fetchQuery(folderQuery(main.api, '/reg'));
    expect(main.count('registry:openFolder')).toBe(1);
    checkFolder(client, '/reg');
    expect(useWizardStore.getState().folderInput).toBe('/reg');
    expect(client.getQueryData(wizardKeys.folder('/reg'))).toBeUndefined();
    await client.fetchQuery(folderQuery(main.api, '/reg'));
    expect(main.count('registry:openFolder')).toBe(2);
  });

  it('reads a chain’s list afresh when the chain is chosen', async () => {
    const main = fakeMain({ 'registry:chainEntries': () => ({ entries: [entry('a')] }) });
    useWizardStore.setState({ folderInput: '/reg', draft: { ...emptyDraft('/reg'), chain: 'osmosis' } });
    client.setQueryData(wizardKeys.folder('/reg'), folder('/reg'));
    await client.fetchQuery(entriesQuery(main.api, '/reg', 'cosmos'));
    chooseChain(client, 'cosmos');
    expect(useWizardStore.getState().draft.chain).toBe('cosmos');
    expect(client.getQueryData(wizardKeys.chainEntries('/reg', 'cosmos'))).toBeUndefined();
    // The same chain again changes nothing.
    await client.fetchQuery(entriesQuery(main.api, '/reg', 'cosmos'));
    chooseChain(client, 'cosmos');
    expect(client.getQueryData(wizardKeys.chainEntries('/reg', 'cosmos'))).toEqual([entry('a')]);
  });

  it('forgets a logo main no longer has, saying why, but not a logo chosen since', async () => {
    const main = fakeMain({});
    const logo = { logoId: 'a'.repeat(32), fileName: 'a.png', fix: null };
    useWizardStore.setState({ draft: { ...emptyDraft('/reg'), logo } });
    await expect(client.fetchQuery(logoQuery(main.api, logo.logoId))).rejects.toThrow('no registry:loadLogo');
    expect(useWizardStore.getState()).toMatchObject({ draft: { logo: null }, logoLost: 'no registry:loadLogo' });

    const other = { ...logo, logoId: 'b'.repeat(32) };
    useWizardStore.setState({ draft: { ...emptyDraft('/reg'), logo: other }, logoLost: null });
    await expect(client.fetchQuery(logoQuery(main.api, logo.logoId))).rejects.toThrow();
    expect(useWizardStore.getState()).toMatchObject({ draft: { logo: other }, logoLost: null });
  });
});

describe('choosing a logo', () => {
  it('refuses an empty file before sending anything', async () => {
    const main = fakeMain({});
    await expect(mutate(chooseLogoMutation(main.api), new File([], 'empty.png'))).rejects.toThrow('"empty.png" is empty (0 bytes)');
    expect(main.calls).toEqual([]);
  });

  it('keeps the newest choice when an older one answers last, and none after the logo is removed', async () => {
    const replies = { first: later<LogoInspection>(), second: later<LogoInspection>() };
    const main = fakeMain({
      'registry:uploadLogoPart': () => ({ received: 1 }),
      'registry:inspectLogo': (_id: string, _parts: number, name: string) =>
        name === 'first.png' ? replies.first.promise : replies.second.promise,
    });
    const first = mutate(chooseLogoMutation(main.api), new File(['abc'], 'first.png'));
    const second = mutate(chooseLogoMutation(main.api), new File(['def'], 'second.png'));
    replies.second.resolve(inspection('2'.repeat(32), 'second.png'));
    await second;
    replies.first.resolve(inspection('1'.repeat(32), 'first.png'));
    await first;
    expect(useWizardStore.getState().draft.logo).toEqual({ logoId: '2'.repeat(32), fileName: 'second.png', fix: null });
    expect(client.getQueryData(wizardKeys.logo('2'.repeat(32)))).toEqual(inspection('2'.repeat(32), 'second.png'));

    const third = later<LogoInspection>();
    replies.first = third;
    const pending = mutate(chooseLogoMutation(main.api), new File(['ghi'], 'first.png'));
    removeLogo(client);
    third.resolve(inspection('3'.repeat(32), 'first.png'));
    await pending;
    expect(useWizardStore.getState().draft.logo).toBeNull();
  });
});

describe('writing, undoing and the recent folders', () => {
  const request: WriteRequest = { planId: 'plan-1', root: '/reg', kind: 'add', name: 'New', chain: 'cosmos' };
  const git = { branch: 'main', changes: 2, changedPaths: ['a', 'b'] };
  const written: WriteResult = { operationId: 'op-1', summary: 'Added New', written: [{ path: 'a', absolutePath: '/reg/a' }], git };

  it('a write spends the plan, marks the lists out of date, updates the git state and records what was written', async () => {
    const main = fakeMain({ 'registry:write': () => written });
    client.setQueryData([...wizardKeys.plans, 'k'], { planId: 'plan-1' });
    client.setQueryData(wizardKeys.chainEntries('/reg', 'cosmos'), [entry('a')]);
    client.setQueryData(wizardKeys.folder('/reg'), folder('/reg'));
    await mutate(writeFilesMutation(main.api), request);
    expect(client.getQueryData([...wizardKeys.plans, 'k'])).toBeUndefined();
    expect(client.getQueryState(wizardKeys.chainEntries('/reg', 'cosmos'))?.isInvalidated).toBe(true);
    expect(client.getQueryData<FolderInfo>(wizardKeys.folder('/reg'))?.git).toEqual(git);
    // The folder's chain counts (the chain step's "N validators") are read again.
    expect(client.getQueryState(wizardKeys.folder('/reg'))?.isInvalidated).toBe(true);
    expect(useWizardStore.getState().draft).toMatchObject({
      step: 'write',
      written: { operationId: 'op-1', root: '/reg', kind: 'add', name: 'New', chain: 'cosmos', undone: false, commit: null },
    });
  });

  it('a refused write prepares the plan again', async () => {
    const main = fakeMain({
      'registry:write': () => {
        throw new Error('changed on disk after this change was prepared');
      },
    });
    client.setQueryData([...wizardKeys.plans, 'k'], { planId: 'plan-1' });
    await expect(mutate(writeFilesMutation(main.api), request)).rejects.toThrow('changed on disk');
    expect(client.getQueryData([...wizardKeys.plans, 'k'])).toBeUndefined();
    expect(useWizardStore.getState().draft.written).toBeNull();
  });

  it('an undo marks the folder and the lists out of date', async () => {
    const main = fakeMain({ 'registry:undo': () => ({ restored: ['a'], summary: 'Restored' }) });
    client.setQueryData(wizardKeys.folder('/reg'), folder('/reg', git));
    client.setQueryData(wizardKeys.chainEntries('/reg', 'cosmos'), [entry('a')]);
    const done = {
      operationId: 'op-1',
      root: '/reg',
      summary: 's',
      kind: 'add' as const,
      name: 'N',
      chain: 'cosmos',
      paths: [],
      undone: false,
      commit: null,
    };
    await mutate(undoWriteMutation(main.api), done);
    expect(main.calls.at(-1)).toEqual({ channel: 'registry:undo', args: ['/reg', 'op-1'] });
    expect(useWizardStore.getState().draft.written).toEqual({ ...done, undone: true });
    expect(client.getQueryState(wizardKeys.folder('/reg'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(wizardKeys.chainEntries('/reg', 'cosmos'))?.isInvalidated).toBe(true);
  });

  it('forgetting a recent folder shows main’s list, or drops it when main cannot say', async () => {
    client.setQueryData(wizardKeys.recent, ['/a', '/b', '/c']);
    await mutate(forgetFolderMutation(fakeMain({ 'registry:forgetFolder': () => ({ folders: ['/a', '/c'] }) }).api), '/b');
    expect(client.getQueryData(wizardKeys.recent)).toEqual(['/a', '/c']);
    await expect(mutate(forgetFolderMutation(fakeMain({}).api), '/c')).rejects.toThrow();
    expect(client.getQueryData(wizardKeys.recent)).toEqual(['/a']);
  });
});

describe('starting again and opening a finding', () => {
  it('start over keeps the folder and lands on step 1', async () => {
    const main = fakeMain({ 'registry:clearDraft': () => ({ cleared: true }) });
    useWizardStore.setState({ folderInput: '/reg', draft: { ...emptyDraft('/reg'), chain: 'cosmos', step: 'review' } });
    client.setQueryData(wizardKeys.folder('/reg'), folder('/reg'));
    await startOver(main.api, client);
    expect(useWizardStore.getState().draft).toMatchObject({ root: '/reg', source: 'folder', chain: '', step: 'folder' });
    expect(useWizardStore.getState().folderInput).toBe('/reg');
    expect(main.count('registry:clearDraft')).toBe(1);
  });

  it('opens a listed entry as an update, read afresh from disk', async () => {
    const main = fakeMain({
      'registry:openFolder': (root: string) => folder(root),
      'registry:chainEntries': () => ({ entries: [entry('x1')] }),
    });
    client.setQueryData(wizardKeys.chainEntries('/reg', 'cosmos'), []);
    expect(await openFromFinding(main.api, client, { root: '/reg', chain: 'cosmos', id: 'x1', step: 'details' }, false)).toBe(true);
    expect(useWizardStore.getState()).toMatchObject({
      hydrated: true,
      folderInput: '/reg',
      draft: { root: '/reg', chain: 'cosmos', mode: 'update', originalId: 'x1', step: 'details', form: { name: 'Name of x1' } },
    });
    expect(main.count('registry:chainEntries')).toBe(1);
  });

  it('opens an id that is no longer listed on the id step, and asks before replacing a started submission', async () => {
    const main = fakeMain({ 'registry:openFolder': (root: string) => folder(root), 'registry:chainEntries': () => ({ entries: [] }) });
    await openFromFinding(main.api, client, { root: '/reg', chain: 'cosmos', id: 'gone', step: 'details' }, false);
    expect(useWizardStore.getState().draft).toMatchObject({ mode: 'add', step: 'id', form: { id: 'gone' } });
    expect(await openFromFinding(main.api, client, { root: '/reg', chain: 'kava', id: null, step: 'chain' }, false)).toBe(false);
    expect(useWizardStore.getState().draft.chain).toBe('cosmos');
    expect(await openFromFinding(main.api, client, { root: '/reg', chain: 'kava', id: null, step: 'chain' }, true)).toBe(true);
    expect(useWizardStore.getState().draft).toMatchObject({ chain: 'kava', step: 'id', form: { id: '' } });
  });
});
