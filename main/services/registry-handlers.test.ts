import { readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkLogo } from '../../registry/index';
import { copyCorpus, git, gitInitCommitted, newValoperId, removeDir, tempDir } from '../../registry/test-support';
import type { EventName, EventPayload } from '../../domain/ipc/contract';
import { LOGO_PART_BYTES } from '../../domain/ipc/registry-channels';
import { createDispatcher, type Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { registryHandlers } from './registry-handlers';
import { ServiceError } from './service-error';

const LIST = 'blockchains/cosmos/validators/list.json';

let root: string;
let stateDir: string;
let events: { event: string; payload: unknown }[];
let handlers: ReturnType<typeof registryHandlers>;

function context(extra: Partial<HostContext> = {}): HostContext {
  return {
    host: 'browser',
    openLink: async () => false,
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => events.push({ event, payload }),
    log: () => undefined,
    ...extra,
  };
}

/** Uploads an image in parts, last part first (order must not matter), then inspects it. */
async function inspect(bytes: Buffer, fileName: string) {
  const parts = Math.max(1, Math.ceil(bytes.length / LOGO_PART_BYTES));
  const uploadId = `test-${Math.random().toString(36).slice(2, 10)}`;
  for (let i = parts - 1; i >= 0; i--)
    await handlers['registry:uploadLogoPart'](uploadId, i, bytes.subarray(i * LOGO_PART_BYTES, (i + 1) * LOGO_PART_BYTES));
  return handlers['registry:inspectLogo'](uploadId, parts, fileName);
}

async function rejection(call: unknown): Promise<ServiceError> {
  const error = await Promise.resolve(call).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fc0"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();

beforeEach(async () => {
  root = await copyCorpus(['cosmos', 'kava']);
  stateDir = await tempDir('wizard-state-');
  events = [];
  handlers = registryHandlers(context(), { stateDir, historyDir: join(stateDir, 'history') });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(stateDir);
});

describe('registry folder', () => {
  it('describes a registry: chains with names and counts, no git', async () => {
    const info = await handlers['registry:openFolder'](root);
    expect(info.isRegistry).toBe(true);
    expect(info.git).toBeNull();
    expect(info.chains.map((c) => [c.slug, c.name])).toEqual([
      ['cosmos', 'Cosmos Hub'],
      ['kava', 'Kava'],
    ]);
    const cosmos = JSON.parse(await readFile(join(root, LIST), 'utf8')) as unknown[];
    expect(info.chains[0]!.validators).toBe(cosmos.length);
    expect(await handlers['registry:recentFolders']()).toEqual({ folders: [root] });
  });

  it('explains a folder that is not a registry and points at the clone it is inside', async () => {
    const info = await handlers['registry:openFolder'](join(root, 'blockchains', 'cosmos'));
    expect(info.isRegistry).toBe(false);
    expect(info.message).toContain('is not a validator registry');
    expect(info.suggestion).toBe(root);
    expect((await handlers['registry:recentFolders']()).folders).toEqual([]);
    expect((await handlers['registry:openFolder'](join(root, 'nope'))).message).toContain('does not exist');
  });

  it('shows the git branch and uncommitted changes', async () => {
    gitInitCommitted(root);
    git(root, 'switch', '-q', '-c', 'my-branch');
    await writeFile(join(root, 'notes.txt'), 'x');
    const info = await handlers['registry:openFolder'](`  "${root}" `);
    expect(info.git).toEqual({ branch: 'my-branch', changes: 1, changedPaths: ['notes.txt'] });
  });

  it('marks a damaged list and refuses to load its entries', async () => {
    await writeFile(join(root, LIST), '[{"id": "x",');
    const info = await handlers['registry:openFolder'](root);
    expect(info.chains[0]).toMatchObject({ slug: 'cosmos', validators: null, problem: expect.stringContaining('is damaged') });
    const error = await rejection(handlers['registry:chainEntries'](root, 'cosmos'));
    expect(error.code).toBe('list-unparseable');
    expect(error.message).toMatch(/line \d+, column \d+/);
  });

  it('has no folder picker outside the desktop app, and uses the host one inside it', async () => {
    expect((await rejection(handlers['registry:pickFolder']())).code).toBe('not_available');
    const desktop = registryHandlers(context({ host: 'electron', pickFolder: async () => '/picked' }), { stateDir });
    expect(await desktop['registry:pickFolder']()).toEqual({ path: '/picked' });
  });
});

describe('entries', () => {
  it('checks a form value live, with duplicates measured against the other entries', async () => {
    const [first] = (await handlers['registry:chainEntries'](root, 'cosmos')).entries;
    const entry = { id: first!.id, name: ' Name', description: '', website: 'example.com' };
    const codes = async (originalId?: string) =>
      (await handlers['registry:checkEntry'](root, 'cosmos', entry, originalId ? { originalId } : {})).findings.map((f) => f.code).sort();
    expect(await codes()).toEqual(['description-empty', 'id-duplicate', 'text-whitespace', 'website-no-scheme']);
    expect(await codes(first!.id)).toEqual(['description-empty', 'text-whitespace', 'website-no-scheme']);
    const finding = (await handlers['registry:checkEntry'](root, 'cosmos', entry, {})).findings[0]!;
    expect(finding.meaning).toBeTruthy();
  });
});

describe('write, undo and commit', () => {
  it('plans exactly what it writes, and undo restores the previous bytes', async () => {
    const before = await readFile(join(root, LIST));
    const id = await newValoperId('cosmosvaloper', 7);
    const logo = await inspect(await jpeg(3000, 2000), 'Brand.JPG');
    const plan = await handlers['registry:plan'](root, {
      kind: 'add',
      chain: 'cosmos',
      entry: { id, name: 'Test Validator', description: 'A test validator.', website: 'https://example.com' },
      logo: { logoId: logo.logoId, fix: { fit: 'cover' } },
    });
    expect(plan.blocking).toEqual([]);
    expect(plan.files.map((f) => [f.path, f.action])).toEqual([
      [`blockchains/cosmos/validators/assets/${id}/logo.png`, 'create'],
      [LIST, 'replace'],
    ]);
    expect(plan.diff.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'))).toEqual([]);
    expect(plan.logo).toMatch(/^data:image\/png;base64,/);

    const written = await handlers['registry:write'](plan.planId);
    expect(written.written.map((w) => w.absolutePath)).toEqual(plan.files.map((f) => f.absolutePath));
    const logoOnDisk = await readFile(plan.files[0]!.absolutePath);
    expect((await checkLogo(logoOnDisk)).findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect((JSON.parse(await readFile(join(root, LIST), 'utf8')) as unknown[]).at(-1)).toMatchObject({ id, name: 'Test Validator' });
    // The same plan cannot be written twice.
    expect((await rejection(handlers['registry:write'](plan.planId))).code).toBe('plan_expired');

    const undone = await handlers['registry:undo'](root, written.operationId);
    expect(undone.restored.sort()).toEqual(plan.files.map((f) => f.path).sort());
    expect((await readFile(join(root, LIST))).equals(before)).toBe(true);
  });

  it.runIf(process.platform !== 'win32')(
    "refuses a plan, and a write, through a new validator's folder linked to another validator's folder",
    async () => {
      const assets = join(root, 'blockchains/cosmos/validators/assets');
      const other = (await readdir(assets)).sort()[0]!;
      const otherLogo = await readFile(join(assets, other, 'logo.png'));
      const logo = await inspect(await jpeg(600, 600), 'logo.jpg');
      const op = (id: string) => ({
        kind: 'add' as const,
        chain: 'cosmos',
        entry: { id, name: 'Linked', description: 'A linked folder.', website: 'https://example.com' },
        logo: { logoId: logo.logoId, fix: { fit: 'cover' as const } },
      });
      const id = await newValoperId('cosmosvaloper', 61);
      await symlink(join(assets, other), join(assets, id));
      const error = await rejection(handlers['registry:plan'](root, op(id)));
      expect(error.code).toBe('linked-path');
      expect(error.message).toContain(
        `blockchains/cosmos/validators/assets/${id} is a symbolic link to blockchains/cosmos/validators/assets/${other}`,
      );
      // Planned while the folder was real, linked before the operator confirms: refused at write time.
      const later = await newValoperId('cosmosvaloper', 62);
      const plan = await handlers['registry:plan'](root, op(later));
      await symlink(join(assets, other), join(assets, later));
      expect((await rejection(handlers['registry:write'](plan.planId))).code).toBe('linked-path');
      expect((await readFile(join(assets, other, 'logo.png'))).equals(otherLogo)).toBe(true);
    },
  );

  it('refuses to write when the list changed after review, leaving the file as it is', async () => {
    const id = await newValoperId('cosmosvaloper', 8);
    const plan = await handlers['registry:plan'](root, {
      kind: 'update',
      chain: 'cosmos',
      id: (await handlers['registry:chainEntries'](root, 'cosmos')).entries[0]!.id,
      changes: { name: 'Renamed' },
    });
    await writeFile(join(root, LIST), '[ broken');
    const error = await rejection(handlers['registry:write'](plan.planId));
    expect(error.code).toBe('changed-on-disk');
    expect(await readFile(join(root, LIST), 'utf8')).toBe('[ broken');
    expect((await rejection(handlers['registry:plan'](root, { kind: 'disable', chain: 'cosmos', id }))).code).toBe('list-unparseable');
  });

  it('creates a branch and commits only the written files', async () => {
    gitInitCommitted(root);
    await writeFile(join(root, 'unrelated.txt'), 'keep me uncommitted');
    const [entry] = (await handlers['registry:chainEntries'](root, 'kava')).entries;
    const plan = await handlers['registry:plan'](root, { kind: 'disable', chain: 'kava', id: entry!.id, note: 'Shut down' });
    const written = await handlers['registry:write'](plan.planId);
    expect(written.git).toMatchObject({ changes: 2 });
    const paths = written.written.map((w) => w.path);
    const done = await handlers['registry:commit'](root, { branch: 'disable-validator', title: 'Disable a validator on Kava', paths });
    expect(done.branch).toBe('disable-validator');
    expect(git(root, 'log', '-1', '--format=%s').trim()).toBe('Disable a validator on Kava');
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual(paths);
    expect(git(root, 'status', '--porcelain').trim()).toBe('?? unrelated.txt');
    const again = await rejection(handlers['registry:commit'](root, { branch: 'bad name', title: 'x', paths }));
    expect(again.code).toBe('bad_branch');
    expect((await rejection(handlers['registry:commit'](root, { branch: 'b', title: 'x', paths: ['../etc/passwd'] }))).code).toBe(
      'bad_path',
    );
  });
});

describe('logos', () => {
  it('inspects any image, keeps it for the draft, and fixes it with a crop', async () => {
    const source = await jpeg(1200, 800);
    const inspection = await inspect(source, 'photo.jpg');
    expect(inspection).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(inspection.findings.map((f) => f.code)).toEqual(
      expect.arrayContaining(['logo-not-png', 'logo-not-square', 'logo-dimensions-too-large']),
    );
    expect(inspection.display).toMatch(/^data:image\/jpeg;base64,/);
    expect(inspection.previews?.size).toBe(128);

    // A new handler set (an app restart) still finds the logo by id.
    const restarted = registryHandlers(context(), { stateDir });
    const again = await restarted['registry:loadLogo'](inspection.logoId);
    expect(again.fileName).toBe('photo.jpg');
    const fixed = await restarted['registry:fixLogo'](inspection.logoId, { crop: { left: 100, top: 0, width: 800, height: 800 } });
    expect(fixed.size).toBe(256);
    expect(fixed.after.filter((f) => f.severity === 'error')).toEqual([]);
    expect(fixed.bytes).toBeLessThanOrEqual(100_000);
    const bad = await rejection(
      restarted['registry:fixLogo'](inspection.logoId, { crop: { left: 1000, top: 0, width: 800, height: 800 } }),
    );
    expect(bad.code).toBe('invalid-option');
  });

  it('keeps transparency in the crop editor’s copy of a transparent image', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const inspection = await inspect(png, 'clear.png');
    expect(inspection.display).toMatch(/^data:image\/webp;base64,/);
    expect(inspection.findings.map((f) => f.code)).toEqual(['logo-not-square']);
  });

  it('explains a file that is not an image', async () => {
    const inspection = await inspect(Buffer.from('hello'), 'notes.txt');
    expect(inspection.problem).toContain('not an image');
    expect(inspection.display).toBeUndefined();
  });

  it('shows the current logo of an existing entry', async () => {
    const { entries } = await handlers['registry:chainEntries'](root, 'cosmos');
    const folders = new Set(await readdir(join(root, 'blockchains/cosmos/validators/assets')));
    const withLogo = entries.find((e) => folders.has(e.id))!;
    const existing = await handlers['registry:existingLogo'](root, 'cosmos', withLogo.id);
    expect(existing.present).toBe(true);
    expect(existing.png).toMatch(/^data:image\/png;base64,/);
    expect(existing.previews?.light).toMatch(/^data:image\/png;base64,/);
    const missing = await handlers['registry:existingLogo'](root, 'cosmos', 'cosmosvaloper1nothere');
    expect(missing).toEqual({ present: false, findings: [] });
    // An id is a folder name: nothing outside the assets folder is ever read.
    expect(await handlers['registry:existingLogo'](root, 'cosmos', '..')).toEqual({ present: false, findings: [] });
    expect(await handlers['registry:existingLogo'](root, 'cosmos', '../../../../etc')).toEqual({ present: false, findings: [] });
  });
});

describe('registry check and drafts', () => {
  it('scans with progress events that end at the total', async () => {
    const report = await handlers['registry:check'](root, { scanId: 'scan-1' });
    expect(report.summary.chains).toBe(2);
    const progress = events.map((e) => e.payload as { scanId: string; phase: string; done: number; total: number });
    expect(progress[0]).toMatchObject({ scanId: 'scan-1', phase: 'discover' });
    expect(progress.at(-1)).toMatchObject({ phase: 'done' });
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);
    expect(report.findings.length).toBe(report.summary.errors + report.summary.warnings + report.summary.infos);
  });

  it('keeps a draft until it is cleared', async () => {
    expect(await handlers['registry:loadDraft']()).toEqual({ draft: null });
    await handlers['registry:saveDraft']('{"step":"chain"}');
    expect(await registryHandlers(context(), { stateDir })['registry:loadDraft']()).toEqual({ draft: '{"step":"chain"}' });
    await handlers['registry:clearDraft']();
    expect(await handlers['registry:loadDraft']()).toEqual({ draft: null });
  });
});

describe('arguments that would leave the registry', () => {
  it('are refused by the contract before any handler runs', async () => {
    // Only the registry channels are served here.
    const dispatch = createDispatcher(handlers as Partial<Handlers> as Handlers);
    for (const chain of ['..', '../cosmos', 'cosmos/validators', '.hidden', '']) {
      expect(await dispatch('registry:chainEntries', [root, chain])).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    }
    expect(await dispatch('registry:chainEntries', [root, 'cosmos'])).toMatchObject({ ok: true });
  });
});
