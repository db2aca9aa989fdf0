import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultHistoryDir, newOperationId, saveBefores, writeRecord } from './history';
import { parseList, sha256 } from './list-reader';
import { checkRegistry } from './scanner';
import { beginJournal, rolledBackMessage } from './write-journal';
import { applyWrite, registryHistory, undo } from './write-apply';
import type { EntryInput } from '../domain/registry-entry';
import { planWrite } from './write-plan';
import type { RegistryError } from './errors';
import { solidPng } from './image-fixtures';
import { copyCorpus, git, gitInitCommitted, newValoperId, refusal, removeDir, tempDir } from './test-support';

let root: string;
let historyDir: string;
const listPath = () => join(root, 'blockchains/cosmos/validators/list.json');
const entryFor = (id: string, extra: Partial<EntryInput> = {}): EntryInput => ({
  id,
  name: 'Example Validator',
  description: 'Reliable staking since 2020.',
  website: 'https://example.org',
  ...extra,
});

beforeAll(async () => {
  root = await copyCorpus(['cosmos', 'tezos', 'ontology']);
  gitInitCommitted(root);
});
afterAll(() => removeDir(root));
// Each test starts from the committed corpus (this is the throwaway repo in the temp dir).
beforeEach(async () => {
  git(root, 'reset', '-q', '--hard');
  git(root, 'clean', '-q', '-fdx');
  historyDir = await tempDir('registry-history-');
});
afterEach(() => removeDir(historyDir));

describe('add', () => {
  it('plans the exact entry, a diff of added lines only, and the files; applying writes exactly that', async () => {
    const original = await readFile(listPath());
    const id = await newValoperId();
    const plan = await planWrite(root, {
      kind: 'add',
      chain: 'cosmos',
      entry: { ...entryFor(id), payout: { commission: 5 } },
      logo: { source: await solidPng() },
    });
    expect(plan.blocking).toEqual([]);
    expect(plan.entryJson).toBe(
      `{\n        "id": "${id}",\n        "name": "Example Validator",\n        "description": "Reliable staking since 2020.",\n        "website": "https://example.org",\n        "payout": {\n            "commission": 5\n        }\n    }`,
    );
    expect(plan.files.map((f) => f.path)).toEqual([
      `blockchains/cosmos/validators/assets/${id}/logo.png`,
      'blockchains/cosmos/validators/list.json',
    ]);
    const body = plan.diff
      .split('\n')
      .slice(2)
      .filter((l) => /^[-+]/.test(l));
    expect(body.every((l) => l.startsWith('+'))).toBe(true);
    expect(body).toContain(`+        "id": "${id}",`);
    expect(readFileSync(listPath())).toEqual(original); // planning writes nothing

    const applied = await applyWrite(plan, { historyDir });
    expect(applied.written).toEqual(plan.files.map((f) => f.path));
    expect(await readFile(listPath())).toEqual(plan.files[1]!.after);
    expect(existsSync(join(root, 'blockchains/cosmos/validators/assets', id, 'logo.png'))).toBe(true);
    const numstat = git(root, 'diff', '--numstat', '--', 'blockchains/cosmos/validators/list.json').trim().split('\t');
    expect(numstat[1]).toBe('0');
    // No temp files, no lock, no history inside the clone.
    expect(git(root, 'status', '--porcelain', '--untracked-files=all').trimEnd().split('\n').sort()).toEqual([
      ' M blockchains/cosmos/validators/list.json',
      `?? blockchains/cosmos/validators/assets/${id}/logo.png`,
    ]);
  });

  it('writes the id in its normal form and refuses an id that already exists', async () => {
    const id = await newValoperId();
    const plan = await planWrite(root, {
      kind: 'add',
      chain: 'cosmos',
      entry: entryFor(id.toUpperCase()),
      logo: { source: await solidPng() },
    });
    expect(plan.id).toBe(id);
    const existing = (parseList(await readFile(listPath()), { path: 'x' }).entries[0] as { id: string }).id;
    const error = await refusal(planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(existing) }));
    expect(error.code).toBe('entry-exists');
    expect(error.message).toMatch(/Use update/);
  });

  it('blocks an entry with errors unless that named check is overridden', async () => {
    const id = await newValoperId();
    const plan = await planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(id, { website: 'example.org' }) });
    expect(plan.blocking.map((f) => f.code).sort()).toEqual(['logo-missing', 'website-no-scheme']);
    const before = await readFile(listPath());
    const error = await refusal(applyWrite(plan, { historyDir }));
    expect(error.code).toBe('blocked-by-findings');
    expect(error.message).toMatch(/website-no-scheme/);
    expect(await readFile(listPath())).toEqual(before);

    const partial = await planWrite(
      root,
      { kind: 'add', chain: 'cosmos', entry: entryFor(id, { website: 'example.org' }) },
      { override: ['logo-missing'] },
    );
    expect(partial.blocking.map((f) => f.code)).toEqual(['website-no-scheme']);
    const allowed = await planWrite(
      root,
      { kind: 'add', chain: 'cosmos', entry: entryFor(id, { website: 'example.org' }) },
      { override: ['logo-missing', 'website-no-scheme'] },
    );
    expect(allowed.blocking).toEqual([]);
    await applyWrite(allowed, { historyDir });
    expect(parseList(await readFile(listPath()), { path: 'x' }).entries.at(-1)).toMatchObject({ id, website: 'example.org' });
    await expect(planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(id) }, { override: ['no-such-code'] })).rejects.toThrow(
      /not a finding code/,
    );
  });

  it('refuses to write into a list that does not parse, saying where it is broken', async () => {
    await writeFile(listPath(), '[\n    {\n        "id": "x"\n    \n');
    const error = await refusal(planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(await newValoperId()) }));
    expect(error.code).toBe('list-unparseable');
    expect(error.message).toMatch(/does not parse: .*line 5, column 1/);
  });

  it('adds the first entry to an empty list', async () => {
    const plan = await planWrite(
      root,
      { kind: 'add', chain: 'ontology', entry: entryFor('AFmseVrdL9f9oyCzZefL9tG6UbvhUMqNMV') },
      { override: ['logo-missing', 'id-invalid'] },
    );
    await applyWrite(plan, { historyDir });
    expect(parseList(await readFile(join(root, 'blockchains/ontology/validators/list.json')), { path: 'x' }).entries).toHaveLength(1);
  });
});

describe('update and disable', () => {
  it('update replaces only that entry in place and keeps its unknown keys; disable sets status', async () => {
    const before = parseList(await readFile(join(root, 'blockchains/tezos/validators/list.json')), { path: 'x' });
    const index = before.entries.findIndex((e) => (e as { staking?: { freeSpace?: unknown } }).staking?.freeSpace !== undefined);
    const target = before.entries[index] as { id: string };
    const plan = await planWrite(root, {
      kind: 'update',
      chain: 'tezos',
      id: target.id,
      changes: { name: 'New Name', payout: { commission: 7 } },
    });
    expect(plan.blocking).toEqual([]);
    await applyWrite(plan, { historyDir });
    const after = parseList(await readFile(join(root, 'blockchains/tezos/validators/list.json')), { path: 'x' });
    expect(after.entries.filter((_, i) => i !== index)).toEqual(before.entries.filter((_, i) => i !== index));
    expect(after.entries[index]).toMatchObject({
      id: target.id,
      name: 'New Name',
      payout: { commission: 7 },
      staking: { freeSpace: expect.anything() },
    });

    const disable = await planWrite(root, { kind: 'disable', chain: 'tezos', id: target.id, note: 'Closed in 2024' });
    await applyWrite(disable, { historyDir });
    const disabled = parseList(await readFile(join(root, 'blockchains/tezos/validators/list.json')), { path: 'x' }).entries[index];
    expect(disabled).toMatchObject({ status: { disabled: true, note: 'Closed in 2024' } });
    expect(Object.keys(disabled as object)).toEqual(['id', 'name', 'description', 'website', 'payout', 'staking', 'status']);
  });

  it('does not block disabling an entry for problems it already had, but blocks new ones', async () => {
    // Three cosmos entries in the corpus have no logo.
    const entries = parseList(await readFile(listPath()), { path: 'x' }).entries as { id: string }[];
    const flawed = entries.find((e) => !existsSync(join(root, 'blockchains/cosmos/validators/assets', e.id)))!;
    const plan = await planWrite(root, { kind: 'disable', chain: 'cosmos', id: flawed.id, note: 'Inactive' });
    expect(plan.findings.map((f) => f.code)).toContain('logo-missing');
    expect(plan.blocking).toEqual([]);
    const worse = await planWrite(root, { kind: 'update', chain: 'cosmos', id: flawed.id, changes: { website: 'hhttps://x.org' } });
    expect(worse.blocking.map((f) => f.code)).toEqual(['website-invalid']);
  });

  it('replaces only the logo when an update has no field changes; blocks a logo that is not a PNG', async () => {
    const entries = parseList(await readFile(listPath()), { path: 'x' }).entries as { id: string }[];
    const withLogo = entries.find((e) => existsSync(join(root, 'blockchains/cosmos/validators/assets', e.id, 'logo.png')))!;
    const logoPath = join(root, 'blockchains/cosmos/validators/assets', withLogo.id, 'logo.png');
    const jpeg = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    const blocked = await planWrite(root, { kind: 'update', chain: 'cosmos', id: withLogo.id, changes: {}, logo: { source: jpeg } });
    expect(blocked.blocking.map((f) => f.code)).toEqual(['logo-not-png']);
    const fixed = await planWrite(root, {
      kind: 'update',
      chain: 'cosmos',
      id: withLogo.id,
      changes: {},
      logo: { source: jpeg, fix: true },
    });
    expect(fixed.files.map((f) => f.path)).toEqual([`blockchains/cosmos/validators/assets/${withLogo.id}/logo.png`]);
    expect(fixed.diff).toBe('');
    expect(fixed.logoFix!.after.findings).toEqual([]);
    await applyWrite(fixed, { historyDir });
    expect(await readFile(logoPath)).toEqual(fixed.logoFix!.png);
    await undo(root, { historyDir });
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('refuses an unknown id with a clear message', async () => {
    const error = await refusal(planWrite(root, { kind: 'disable', chain: 'cosmos', id: 'cosmosvaloper1nope' }));
    expect(error.code).toBe('entry-not-found');
    expect(error.message).toMatch(/has no validator with the id cosmosvaloper1nope/);
  });
});

describe('changed on disk and concurrent writers', () => {
  it('refuses when the file changed since planning, keeping the other change', async () => {
    const plan = await planWrite(
      root,
      { kind: 'add', chain: 'cosmos', entry: entryFor(await newValoperId()) },
      { override: ['logo-missing'] },
    );
    const edited = `${(await readFile(listPath(), 'utf8')).replace('"name": "', '"name": "Edited ')}`;
    await writeFile(listPath(), edited);
    const error = await refusal(applyWrite(plan, { historyDir }));
    expect(error.code).toBe('changed-on-disk');
    expect(error.message).toMatch(/blockchains\/cosmos\/validators\/list.json changed on disk .* Nothing was written/);
    expect(await readFile(listPath(), 'utf8')).toBe(edited);
  });

  it('of two writers planned from the same file, one wins and the other is refused; no update is lost', async () => {
    const a = await planWrite(
      root,
      { kind: 'add', chain: 'cosmos', entry: entryFor(await newValoperId('cosmosvaloper', 2)) },
      { override: ['logo-missing'] },
    );
    const b = await planWrite(
      root,
      { kind: 'add', chain: 'cosmos', entry: entryFor(await newValoperId('cosmosvaloper', 3)) },
      { override: ['logo-missing'] },
    );
    const results = await Promise.allSettled([applyWrite(a, { historyDir }), applyWrite(b, { historyDir })]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0]!.reason as RegistryError).code).toBe('changed-on-disk');
    const winner = results[0].status === 'fulfilled' ? a : b;
    expect(parseList(await readFile(listPath()), { path: 'x' }).entries.at(-1)).toMatchObject({ id: winner.id });
    // The loser re-plans from the new file and then succeeds: both entries end up in the list.
    const loser = winner === a ? b : a;
    const again = await planWrite(root, loser.operation, { override: ['logo-missing'] });
    await applyWrite(again, { historyDir });
    const ids = (parseList(await readFile(listPath()), { path: 'x' }).entries as { id: string }[]).map((e) => e.id);
    expect(ids.slice(-2).sort()).toEqual([a.id, b.id].sort());
  });
});

describe('undo', () => {
  it('restores the exact previous bytes, removes a created logo folder, and can itself be undone', async () => {
    const original = await readFile(listPath());
    const id = await newValoperId();
    const plan = await planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(id), logo: { source: await solidPng() } });
    const applied = await applyWrite(plan, { historyDir });
    const written = await readFile(listPath());

    const history = await registryHistory(root, { historyDir });
    expect(history.map((r) => [r.id, r.kind, r.chain, r.validatorId])).toEqual([[applied.operationId, 'add', 'cosmos', id]]);
    const result = await undo(root, { historyDir });
    expect(result.undone.id).toBe(applied.operationId);
    expect(await readFile(listPath())).toEqual(original);
    expect(existsSync(join(root, 'blockchains/cosmos/validators/assets', id))).toBe(false);
    expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    await expect(undo(root, { historyDir })).rejects.toThrow(/nothing to undo/);

    await undo(root, { historyDir, operationId: result.operationId });
    expect(await readFile(listPath())).toEqual(written);
    expect(existsSync(join(root, 'blockchains/cosmos/validators/assets', id, 'logo.png'))).toBe(true);
  });

  it('refuses to undo over a later change', async () => {
    const plan = await planWrite(
      root,
      { kind: 'add', chain: 'cosmos', entry: entryFor(await newValoperId()) },
      { override: ['logo-missing'] },
    );
    await applyWrite(plan, { historyDir });
    await writeFile(listPath(), `${await readFile(listPath(), 'utf8')}\n`);
    const error = await refusal(undo(root, { historyDir }));
    expect(error.code).toBe('undo-conflict');
    expect(error.message).toMatch(/would lose that later change/);
  });

  it('keeps history in the per-user config folder by default, never inside the clone', async () => {
    const home = await tempDir('registry-home-');
    try {
      const dir = await defaultHistoryDir(root, { env: { XDG_CONFIG_HOME: home }, platform: 'linux', homedir: home });
      expect(dir.startsWith(join(home, 'gateway-companion', 'registry-history'))).toBe(true);
      const plan = await planWrite(
        root,
        { kind: 'add', chain: 'cosmos', entry: entryFor(await newValoperId()) },
        { override: ['logo-missing'] },
      );
      await applyWrite(plan, { historyDir: dir });
      const saved = await readdir(dir);
      expect(saved).toContain('registry-root.txt');
      expect(saved.filter((n) => n !== 'registry-root.txt')).toHaveLength(1);
    } finally {
      await removeDir(home);
    }
  });
});

describe('a write cut short', () => {
  /** Does what applyWrite does up to the crash: journal, saved versions, record, then only the first `written` files. */
  async function crashAfter(plan: Awaited<ReturnType<typeof planWrite>>, written: number): Promise<string> {
    const id = newOperationId();
    const files = plan.files.map((f) => ({
      path: f.path,
      beforeHash: f.beforeHash,
      afterHash: sha256(f.after),
      createdDirs: f.before ? [] : [`blockchains/cosmos/validators/assets/${plan.id}`],
    }));
    await beginJournal(historyDir, { operationId: id, summary: plan.summary, files, previousRecords: [] });
    await saveBefores(
      historyDir,
      root,
      id,
      plan.files.map((f) => f.before),
    );
    await writeRecord(historyDir, {
      id,
      time: new Date().toISOString(),
      kind: 'add',
      chain: 'cosmos',
      validatorId: plan.id,
      summary: plan.summary,
      files,
    });
    for (const f of plan.files.slice(0, written))
      await writeFile(join(root, f.path), f.after).catch(async () => {
        await mkdir(dirname(join(root, f.path)), { recursive: true });
        await writeFile(join(root, f.path), f.after);
      });
    return id;
  }

  it('is rolled back by the next check: no logo folder without its list change, no record of it', async () => {
    const original = await readFile(listPath());
    const id = await newValoperId();
    const plan = await planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(id), logo: { source: await solidPng() } });
    await crashAfter(plan, 1); // the logo is written, list.json is not
    expect(existsSync(join(root, 'blockchains/cosmos/validators/assets', id))).toBe(true);
    // Until it is rolled back, a reader never lists the unfinished operation.
    const report = await checkRegistry(root, { chains: ['cosmos'], logos: false, historyDir });
    expect(report.rolledBack).toMatchObject({ summary: plan.summary, restored: [plan.files[0]!.path], leftAsIs: [] });
    expect(rolledBackMessage(report.rolledBack!)).toMatch(/^An unfinished write was rolled back \("Add Example Validator/);
    expect(await readFile(listPath())).toEqual(original);
    expect(existsSync(join(root, 'blockchains/cosmos/validators/assets', id))).toBe(false);
    expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(await registryHistory(root, { historyDir })).toEqual([]);
    expect((await readdir(historyDir)).sort()).toEqual(['registry-root.txt']);
  });

  it('is rolled back before the next plan even when every file was written; a file changed since is left alone', async () => {
    const original = await readFile(listPath());
    const first = await planWrite(root, {
      kind: 'add',
      chain: 'cosmos',
      entry: entryFor(await newValoperId()),
      logo: { source: await solidPng() },
    });
    await crashAfter(first, 2);
    // The next write plans from the registry as it was, and only its own operation is recorded.
    const id = await newValoperId('cosmosvaloper', 2);
    const next = await planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(id) }, { override: ['logo-missing'], historyDir });
    expect(next.files[0]!.before).toEqual(original);
    expect(existsSync(join(root, 'blockchains/cosmos/validators/assets', first.id))).toBe(false);
    const applied = await applyWrite(next, { historyDir });
    expect(applied.rolledBack).toBeUndefined();
    expect((await registryHistory(root, { historyDir })).map((r) => r.id)).toEqual([applied.operationId]);

    const third = await planWrite(root, {
      kind: 'add',
      chain: 'cosmos',
      entry: entryFor(await newValoperId('cosmosvaloper', 3)),
      logo: { source: await solidPng() },
    });
    await crashAfter(third, 2);
    await writeFile(listPath(), 'edited by hand after the crash');
    const history = await registryHistory(root, { historyDir });
    expect(history.map((r) => r.id)).toEqual([applied.operationId]);
    expect(await readFile(listPath(), 'utf8')).toBe('edited by hand after the crash');
    expect(existsSync(join(root, 'blockchains/cosmos/validators/assets', third.id))).toBe(false);
  });
});

describe.runIf(process.platform !== 'win32')('symbolic links out of the registry', () => {
  it('refuses to write a logo through a linked assets folder, naming the link', async () => {
    const elsewhere = await tempDir('registry-elsewhere-');
    try {
      const assets = join(root, 'blockchains/cosmos/validators/assets');
      await rm(assets, { recursive: true, force: true });
      await symlink(elsewhere, assets);
      const error = await refusal(
        planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(await newValoperId()), logo: { source: await solidPng() } }),
      );
      expect(error.code).toBe('outside-folder');
      expect(error.message).toBe(
        `Nothing was written: blockchains/cosmos/validators/assets is a symbolic link to ${await realpath(elsewhere)}, outside the registry folder; the companion neither reads nor writes through it. Replace the link with the real folder or file (for example: delete the link, then "git checkout -- blockchains/cosmos/validators/assets").`,
      );
      expect(await readdir(elsewhere)).toEqual([]);
    } finally {
      await rm(join(root, 'blockchains/cosmos/validators/assets'), { force: true });
      await removeDir(elsewhere);
    }
  });
});

describe('a chain folder the registry does not know', () => {
  it('refuses to add unless chain-unknown is overridden, and says the id was not checked', async () => {
    await mkdir(join(root, 'blockchains/bsc/validators'), { recursive: true });
    await writeFile(join(root, 'blockchains/bsc/validators/list.json'), '[]');
    const op = { kind: 'add', chain: 'bsc', entry: entryFor('0xwhatever') } as const;
    const plan = await planWrite(root, op, { override: ['logo-missing'] });
    expect(plan.blocking.map((f) => f.code)).toEqual(['chain-unknown']);
    expect(plan.findings.map((f) => f.code)).toContain('id-unchecked');
    await expect(applyWrite(plan, { historyDir })).rejects.toThrow(/override the check by name/);
    const allowed = await planWrite(root, op, { override: ['logo-missing', 'chain-unknown'] });
    expect(allowed.blocking).toEqual([]);
    await applyWrite(allowed, { historyDir });
    expect(parseList(await readFile(join(root, 'blockchains/bsc/validators/list.json')), { path: 'x' }).entries).toHaveLength(1);
  });
});

describe.runIf(process.platform !== 'win32')('symbolic links inside the registry', () => {
  const assets = () => join(root, 'blockchains/cosmos/validators/assets');
  /** A validator of the corpus that has a logo, and that logo's bytes. */
  async function victim(): Promise<{ id: string; logo: Buffer }> {
    const id = (await readdir(assets())).sort()[0]!;
    return { id, logo: await readFile(join(assets(), id, 'logo.png')) };
  }

  it("refuses an add whose assets/<id> links to another validator's folder, naming the link, and the other logo stays", async () => {
    const { id: other, logo } = await victim();
    const id = await newValoperId('cosmosvaloper', 41);
    await symlink(join(assets(), other), join(assets(), id));
    const error = await refusal(planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(id), logo: { source: await solidPng() } }));
    expect(error.code).toBe('linked-path');
    expect(error.message).toBe(
      `Nothing was written: blockchains/cosmos/validators/assets/${id} is a symbolic link to blockchains/cosmos/validators/assets/${other}, another place in the registry folder; writing through it would change that place instead. The companion never writes through a link. Replace the link with a real folder or file (for example: delete the link, then run "companion registry check" again).`,
    );
    expect((await readFile(join(assets(), other, 'logo.png'))).equals(logo)).toBe(true);
    // The check reports the same link.
    const report = await checkRegistry(root, { chains: ['cosmos'], logos: false, historyDir });
    expect(report.findings.some((f) => f.path.endsWith(`assets/${id}`) && /symbolic link/.test(f.message))).toBe(true);
  });

  it('refuses at write time a link put in place after the plan was made (the app plans, the operator confirms later)', async () => {
    const { id: other, logo } = await victim();
    const id = await newValoperId('cosmosvaloper', 42);
    const plan = await planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(id), logo: { source: await solidPng() } });
    await symlink(join(assets(), other), join(assets(), id));
    expect((await refusal(applyWrite(plan, { historyDir }))).code).toBe('linked-path');
    expect((await readFile(join(assets(), other, 'logo.png'))).equals(logo)).toBe(true);
    expect(await registryHistory(root, { historyDir })).toEqual([]);
  });

  it("refuses an assets/<id> linked into .git, and the clone's git keeps working", async () => {
    const id = await newValoperId('cosmosvaloper', 43);
    await symlink(join(root, '.git/refs/heads'), join(assets(), id));
    const error = await refusal(planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(id), logo: { source: await solidPng() } }));
    expect(error.code).toBe('linked-path');
    expect(error.message).toContain(`assets/${id} is a symbolic link to .git/refs/heads`);
    expect(await readdir(join(root, '.git/refs/heads'))).not.toContain('logo.png');
    expect(git(root, 'status', '--porcelain')).toContain(`?? blockchains/cosmos/validators/assets/${id}`);
  });

  it('refuses a linked chain, validators or assets folder that stays inside, and a linked list.json, for add, update and undo', async () => {
    const id = await newValoperId('cosmosvaloper', 44);
    const applied = await applyWrite(
      await planWrite(root, { kind: 'add', chain: 'cosmos', entry: entryFor(id), logo: { source: await solidPng() } }),
      { historyDir },
    );
    // list.json replaced by a link to a copy inside the registry: update and undo both refuse it.
    const copy = join(root, 'list-copy.json');
    await writeFile(copy, await readFile(listPath()));
    await rm(listPath());
    await symlink(copy, listPath());
    const update = await refusal(planWrite(root, { kind: 'update', chain: 'cosmos', id, changes: { name: 'Renamed' } }));
    expect(update.code).toBe('linked-path');
    expect(update.message).toContain('blockchains/cosmos/validators/list.json is a symbolic link to list-copy.json');
    const undone = await refusal(undo(root, { historyDir, operationId: applied.operationId }));
    expect(undone.code).toBe('linked-path');
    expect(await readFile(copy)).toEqual(await readFile(listPath()));
    // A chain folder that is a link to another chain folder inside the registry.
    await symlink(join(root, 'blockchains/tezos'), join(root, 'blockchains/tezos-linked'));
    const tezosId = 'tz1VQnqCCqX4K5sP3FNkVSNKTdCAMJDd3E1n';
    const chainLink = await refusal(
      planWrite(root, { kind: 'add', chain: 'tezos-linked', entry: entryFor(tezosId) }, { override: ['logo-missing', 'chain-unknown'] }),
    );
    expect(chainLink.code).toBe('linked-path');
    expect(chainLink.message).toContain('blockchains/tezos-linked is a symbolic link to blockchains/tezos');
  });
});

describe('ids that cannot be a folder name everywhere', () => {
  it.each(['.git', '.GIT', 'CON', 'con.png', 'Lpt9', ' leading', 'trailing ', 'dot.', '.hidden', 'a:b', 'a*b', 'a|b', 'tab\there'])(
    'refuses %j even with chain-unknown overridden, and writes nothing',
    async (id) => {
      await mkdir(join(root, 'blockchains/newchain/validators'), { recursive: true });
      await writeFile(join(root, 'blockchains/newchain/validators/list.json'), '[]');
      const error = await refusal(
        planWrite(
          root,
          { kind: 'add', chain: 'newchain', entry: entryFor(id) },
          { override: ['logo-missing', 'chain-unknown', 'id-invalid'] },
        ),
      );
      expect(error.code).toBe('unsafe-id');
      expect(error.message).toMatch(/^Nothing was written: the id ".*" .+; no override lifts this\./);
      expect(await readFile(join(root, 'blockchains/newchain/validators/list.json'), 'utf8')).toBe('[]');
      expect(existsSync(join(root, 'blockchains/newchain/validators/assets'))).toBe(false);
    },
  );
});
