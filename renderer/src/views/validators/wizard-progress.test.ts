import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import type { RemotePlanView } from '../../../../domain/ipc/github-channels';
import type { FolderInfo, LogoInspection, RegistryFinding } from '../../../../domain/ipc/registry-channels';
import { emptyDraft } from './draft';
import { fixKey, liveKey, operationOf, planKey, reachableSteps, rootOf, stepChecks } from './wizard-progress';
import { initialState, type WizardState } from './wizard-state';

const id = bech32.encode('cosmosvaloper', bech32.toWords(new Uint8Array(20).fill(9)));
const folder: FolderInfo = {
  root: '/reg',
  isRegistry: true,
  chains: [{ slug: 'cosmos', name: 'Cosmos Hub', validators: 1, known: true }],
  validators: 1,
  git: null,
};
const listed = {
  index: 0,
  id: bech32.encode('cosmosvaloper', bech32.toWords(new Uint8Array(20).fill(1))),
  name: 'Other',
  description: 'd',
  website: 'https://o.example',
  unreadable: [],
};
const finding = (code: string, field: string, severity: RegistryFinding['severity'] = 'error'): RegistryFinding => ({
  severity,
  code,
  field,
  path: 'p',
  chain: 'cosmos',
  id,
  message: `${code} message`,
  meaning: '',
});

/** A state at the Details step with everything before it complete. */
function atDetails(): WizardState {
  const s = initialState();
  s.hydrated = true;
  s.draft = {
    ...emptyDraft('/reg'),
    chain: 'cosmos',
    step: 'details',
    form: { ...emptyDraft().form, id, name: 'N', description: 'D', website: 'https://n.example' },
  };
  s.folder = { status: 'done', data: folder };
  s.entries = { status: 'done', data: [listed], chain: 'cosmos' };
  return s;
}

describe('step checks', () => {
  it('opens the steps one after another, each saying what is missing', () => {
    const s = initialState();
    s.draft = { ...s.draft, source: 'folder' };
    const checks = stepChecks(s);
    expect(checks.folder).toMatchObject({ ok: false, reason: expect.stringContaining('Enter the folder') });
    expect([...reachableSteps(checks)]).toEqual(['folder']);
  });

  it('starts a new user in remote mode, reading the public registry on GitHub', () => {
    const s = initialState();
    expect(s.draft).toMatchObject({ source: 'github', upstream: 'trustwallet/assets' });
    expect(stepChecks(s).folder).toMatchObject({ ok: false, pending: true, reason: 'Reading trustwallet/assets on GitHub…' });
    s.folder = { status: 'error', message: 'The repository nobody/nothing does not exist.', code: 'not-found' };
    expect(stepChecks(s).folder).toMatchObject({
      ok: false,
      reason: 'The repository nobody/nothing does not exist.',
      hint: 'Check the repository name (see above), then try again.',
    });
    // Offline, the footer points at the copy on this computer, never at the repository name.
    s.folder = { status: 'error', message: 'GitHub cannot be reached from this computer right now.', code: 'network' };
    expect(stepChecks(s).folder.hint).toBe(
      'GitHub cannot be reached: use a copy of the registry on this computer (see above), or try again once online.',
    );
    s.folder = { status: 'error', message: 'GitHub’s limit for reading without signing in is used up.', code: 'rate-limited' };
    expect(stepChecks(s).folder.hint).toBe('Wait until the limit resets, or sign in to GitHub (see above), then try again.');
    s.folder = { status: 'done', data: { ...folder, root: 'github:trustwallet/assets' } };
    expect(stepChecks(s).folder.ok).toBe(true);
  });

  it('keys checks and plans by where they come from, so a folder’s answer never stands for the upstream’s', () => {
    const local = atDetails();
    const remote = atDetails();
    remote.draft = { ...remote.draft, source: 'github' };
    expect(liveKey(remote)).not.toBe(liveKey(local));
    expect(rootOf(remote)).toBe('github:trustwallet/assets');
    expect(rootOf(local)).toBe('/reg');
  });

  it('blocks opening a pull request that breaks the registry’s pull request rules', () => {
    const s = atDetails();
    s.draft = { ...s.draft, source: 'github', step: 'review', logo: null };
    s.live = { key: liveKey(s), findings: [] };
    const plan: RemotePlanView = {
      planId: 'p1',
      summary: 'Add N',
      chain: 'cosmos',
      id,
      entryJson: '{}',
      diff: '',
      files: [],
      findings: [],
      blocking: [],
      upstream: 'trustwallet/assets',
      base: 'a'.repeat(40),
      title: 'Add N validator to Cosmos Hub',
      branch: 'b',
      ruleProblems: ['A pull request may change at most 10 logos.'],
    };
    s.plan = { status: 'done', data: plan, key: planKey(s) };
    expect(stepChecks(s).review).toMatchObject({ ok: false, reason: 'A pull request may change at most 10 logos.' });
    const clean: RemotePlanView = { ...plan, ruleProblems: [] };
    s.plan = { status: 'done', data: clean, key: planKey(s) };
    expect(stepChecks(s).review.ok).toBe(true);
  });

  it('waits for the live check of the details before Next, then follows its errors', () => {
    const s = atDetails();
    expect(stepChecks(s).details).toMatchObject({ ok: false, pending: true });
    s.live = { key: liveKey(s), findings: [finding('website-no-scheme', 'website')] };
    expect(stepChecks(s).details).toMatchObject({
      ok: false,
      reason: 'website-no-scheme message',
      hint: 'Correct “Website” to continue.',
      field: 'website',
    });
    s.live = { key: liveKey(s), findings: [finding('name-too-long', 'name', 'warning')] };
    expect(stepChecks(s).details.ok).toBe(true);
    expect([...reachableSteps(stepChecks(s))]).toEqual(['folder', 'chain', 'id', 'details', 'logo']);
  });

  it('keeps the details check valid when only the logo changes', () => {
    const s = atDetails();
    const before = liveKey(s);
    s.draft = { ...s.draft, logo: { logoId: 'f'.repeat(32), fileName: 'a.png', fix: null } };
    expect(liveKey(s)).toBe(before);
    expect(fixKey(s)).not.toBe(fixKey(atDetails()));
  });

  it('blocks a duplicate id with the way out, and a number that does not parse', () => {
    const s = atDetails();
    s.draft = { ...s.draft, form: { ...s.draft.form, id: listed.id } };
    expect(stepChecks(s).id).toMatchObject({ ok: false, hint: 'Choose “Update this entry”, or enter a different id.' });
    s.draft = { ...s.draft, form: { ...s.draft.form, id, commission: 'lots' } };
    expect(stepChecks(s).details).toMatchObject({ ok: false, hint: 'Correct “Commission (%)” to continue.', field: 'payout.commission' });
  });

  it('needs a logo for a new entry, fixed when it breaks a rule', () => {
    const s = atDetails();
    expect(stepChecks(s).logo).toMatchObject({ ok: false, reason: expect.stringContaining('Add your logo') });
    const inspection: LogoInspection = {
      logoId: 'a'.repeat(32),
      fileName: 'p.jpg',
      bytes: 10,
      format: 'jpeg',
      findings: [finding('logo-not-png', '')],
    };
    s.draft = { ...s.draft, logo: { logoId: inspection.logoId, fileName: 'p.jpg', fix: null } };
    s.logo = { status: 'done', data: inspection };
    expect(stepChecks(s).logo).toMatchObject({ ok: false, reason: expect.stringContaining('Press “Fix logo”') });
    s.draft = { ...s.draft, logo: { ...s.draft.logo!, fix: { fit: 'cover' } } };
    expect(stepChecks(s).logo).toMatchObject({ ok: false, pending: true });
    s.fix = {
      status: 'done',
      key: fixKey(s),
      data: { png: '', bytes: 1, size: 256, before: [], after: [], notes: [], previews: { light: '', dark: '', size: 128 } },
    };
    expect(stepChecks(s).logo.ok).toBe(true);
    expect(operationOf(s)).toMatchObject({ kind: 'add', logo: { logoId: inspection.logoId, fix: { fit: 'cover' } } });
  });

  it('an update needs no new logo, and must change something', () => {
    const s = atDetails();
    s.draft = {
      ...s.draft,
      mode: 'update',
      originalId: listed.id,
      form: { ...emptyDraft().form, id: listed.id, name: listed.name, description: listed.description, website: listed.website },
    };
    expect(stepChecks(s).logo.ok).toBe(true);
    expect(stepChecks(s).review).toMatchObject({ ok: false, reason: expect.stringContaining('Nothing would change') });
  });
});
