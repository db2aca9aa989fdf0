// The Collections channels over a temp configuration folder: append creates and extends files, a file
// that is not a collection is never replaced, links are refused, and a run against the embedded reference
// gateway reports progress events and both sides of a failed comparison; the run's options (profile, era,
// environment file) are checked before any call, as `companion test` checks its flags.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionItem } from '../../domain/collections/format';
import type { EventName, EventPayload } from '../../domain/ipc/contract';
import { EMBEDDED_PORT_ENV } from '../../platform/credentials/default-profile';
import { freePort, memoryKeychain, tempHome } from '../playground/testing';
import { defaultCollectionsDir } from '../collections/folder';
import { collectionsHandlers } from './collections-handlers';
import { createDispatcher, type Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { ServiceError } from './service-error';

const { home, env, paths } = tempHome('companion-collections-app-');
const dir = defaultCollectionsDir(paths);
const events: Array<EventPayload<'collections:progress'>> = [];
/** Called on each progress event (a test cancels from here). */
let onProgress: (event: EventPayload<'collections:progress'>) => void = () => {};
const ctx: HostContext = {
  host: 'browser',
  openLink: async () => false,
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => {
    if (event !== 'collections:progress') return;
    events.push(payload as EventPayload<'collections:progress'>);
    onProgress(payload as EventPayload<'collections:progress'>);
  },
  log: () => {},
};
const handlers = collectionsHandlers(ctx, { paths, keychain: memoryKeychain() });
const prices = (name: string, assertions: CollectionItem['assertions']): CollectionItem => ({
  name,
  tool: 'get_token_prices',
  arguments: { assets: ['c60'] },
  assertions,
});

beforeAll(async () => {
  env[EMBEDDED_PORT_ENV] = String(await freePort());
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('collections handlers', () => {
  it('lists nothing before the folder exists, then creates a collection on the first append and extends it', async () => {
    expect(await handlers['collections:list']()).toEqual({ folder: dir, defaultFolder: dir, isDefault: true, collections: [] });
    const first = await handlers['collections:append']({ newName: 'My Quotes' }, prices('one', [{ assert: 'success' }]));
    expect(first).toEqual({ file: 'my-quotes.collection.json', created: true, items: 1 });
    const second = await handlers['collections:append']({ newName: 'My Quotes' }, prices('two', [{ assert: 'success' }]));
    expect(second).toEqual({ file: 'my-quotes.collection.json', created: false, items: 2 });
    const listed = await handlers['collections:list']();
    expect(listed.collections).toEqual([{ file: 'my-quotes.collection.json', name: 'My Quotes', items: 2 }]);
    const read = await handlers['collections:read']('my-quotes.collection.json');
    expect(read.collection.items.map((i) => i.name)).toEqual(['one', 'two']);
  });

  it('never stores a secret-looking value', async () => {
    const item = { ...prices('secret', [{ assert: 'success' }]), arguments: { secretKey: 'sk_live_abcdefghijklmnop' } };
    await handlers['collections:append']({ file: 'my-quotes.collection.json' }, item);
    expect(readFileSync(path.join(dir, 'my-quotes.collection.json'), 'utf8')).not.toContain('sk_live_abcdefghijklmnop');
  });

  it('does not replace a file that is not a collection, and says so', async () => {
    writeFileSync(path.join(dir, 'broken.collection.json'), '{ "name": "x", ');
    const listed = await handlers['collections:list']();
    expect(listed.collections.find((c) => c.file === 'broken.collection.json')?.problem).toMatch(/not valid JSON/);
    await expect(handlers['collections:save']('broken.collection.json', { name: 'x', items: [] })).rejects.toThrow(/was not replaced/);
    await expect(handlers['collections:append']({ file: 'broken.collection.json' }, prices('x', []))).rejects.toThrow(/was not added/);
    expect(readFileSync(path.join(dir, 'broken.collection.json'), 'utf8')).toBe('{ "name": "x", ');
  });

  it('refuses to read or write through a link', async () => {
    const outside = path.join(home, 'outside.collection.json');
    writeFileSync(outside, JSON.stringify({ name: 'outside', items: [] }));
    symlinkSync(outside, path.join(dir, 'linked.collection.json'));
    await expect(handlers['collections:read']('linked.collection.json')).rejects.toThrow(/link/);
    await expect(handlers['collections:save']('linked.collection.json', { name: 'x', items: [] })).rejects.toThrow(/link/);
    expect(JSON.parse(readFileSync(outside, 'utf8'))).toEqual({ name: 'outside', items: [] });
  });

  it('runs a collection with progress events, and gives a failed equals both its sides', async () => {
    mkdirSync(dir, { recursive: true });
    await handlers['collections:save']('run.collection.json', {
      name: 'run',
      items: [prices('passes', [{ assert: 'success' }]), prices('fails', [{ assert: 'equals', pointer: '/isError', value: true }])],
    });
    const result = await handlers['collections:run']({ runId: 'r1', file: 'run.collection.json' });
    expect(result.profile).toBe('default');
    expect(result.runs.map((r) => r.era)).toEqual(['2025-11-25']);
    expect(result.eraDifferences).toEqual([]);
    expect(result.environment).toBeUndefined();
    const items = result.runs[0]!.items;
    expect(items.map((i) => `${i.name}:${i.status}`)).toEqual(['passes:passed', 'fails:failed']);
    const failed = items[1]!.assertions[0]!;
    expect(failed).toMatchObject({ passed: false, expected: true });
    expect(failed.actual === undefined || failed.actual === false).toBe(true);
    const mine = events.filter((e) => e.runId === 'r1');
    expect(mine.map((e) => `${e.done}/${e.total}${e.item ? ` ${e.item.status}` : ''}`)).toEqual(['0/2', '1/2 passed', '1/2', '2/2 failed']);
    expect(new Set(mine.map((e) => e.era))).toEqual(new Set(['2025-11-25']));
    expect(await handlers['collections:cancel']('r1')).toEqual({ cancelled: false });
  }, 120_000);

  it('cancels a run by its id: the call in flight and the items after it are reported as cancelled', async () => {
    let cancelled: Promise<{ cancelled: boolean }> | undefined;
    onProgress = (event) => {
      if (event.runId === 'r2' && event.current === 'passes' && !cancelled)
        cancelled = Promise.resolve(handlers['collections:cancel']('r2'));
    };
    const result = await handlers['collections:run']({ runId: 'r2', file: 'run.collection.json' });
    onProgress = () => {};
    expect(await cancelled).toEqual({ cancelled: true });
    expect(result.runs.flatMap((r) => r.items.map((i) => i.status))).toEqual(['cancelled', 'cancelled']);
  }, 120_000);
});

/** The error a call is refused with: its code and message. */
async function refusal(work: unknown): Promise<{ code: string; message: string }> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return { code: (error as ServiceError).code, message: (error as ServiceError).message };
  }
  throw new Error('expected a refusal');
}

describe('run options', () => {
  const envDir = path.join(home, 'environments');
  const envFile = (name: string, text: string) => {
    mkdirSync(envDir, { recursive: true });
    writeFileSync(path.join(envDir, name), text);
    return path.join(envDir, name);
  };
  // An item that needs {{asset}}: the collection gives it no value, an environment file does.
  const needsAsset: CollectionItem = {
    name: 'priced',
    tool: 'get_token_prices',
    arguments: { assets: ['{{asset}}'] },
    assertions: [{ assert: 'equals', pointer: '/structuredContent/tickers/0/id', value: '{{asset}}' }],
  };

  beforeAll(async () => {
    await handlers['collections:save']('vars.collection.json', { name: 'vars', items: [needsAsset] });
  });

  it('says which variables an environment file supplies, with its full path', async () => {
    const file = envFile('staging.json', '{"asset": "c60", "wallet": "0xabc"}');
    expect(await handlers['collections:readEnvironment'](file)).toEqual({ file, variables: ['asset', 'wallet'] });
    // What people paste from a file manager: quotes around it, or a file:// URL.
    expect((await handlers['collections:readEnvironment'](`"${file}"`)).file).toBe(file);
    expect((await handlers['collections:readEnvironment'](`file://${file}`)).file).toBe(file);
  });

  it('refuses an environment file that cannot be used, in plain words and before any call', async () => {
    const cases: Array<[string, RegExp]> = [
      [envFile('syntax.json', '{"asset": }'), /syntax\.json: not valid JSON at line 1, column 11/],
      [envFile('list.json', '["c60"]'), /list\.json: an environment file is one JSON object of variables/],
      [envFile('names.json', '{"has space": 1}'), /"has space" is not a variable name/],
      [envFile('notes.txt', '{"asset": "c60"}'), /notes\.txt: an environment file is a \.json file/],
      [path.join(envDir, 'missing.json'), /missing\.json: does not exist; check the path\.$/],
      [envDir + '.json', /does not exist/],
    ];
    mkdirSync(path.join(home, 'folder.json'), { recursive: true });
    cases.push([path.join(home, 'folder.json'), /folder\.json: is a folder, not a regular file/]);
    symlinkSync(envFile('real.json', '{"asset": "c60"}'), path.join(envDir, 'linked.json'));
    cases.push([path.join(envDir, 'linked.json'), /linked\.json: is a symbolic link, which is not followed here/]);
    for (const [file, message] of cases) {
      const refused = await refusal(handlers['collections:readEnvironment'](file));
      expect(refused, file).toEqual({ code: 'invalid_environment', message: expect.stringMatching(message) });
      const before = events.length;
      expect(await refusal(handlers['collections:run']({ runId: 'bad-env', file: 'vars.collection.json', envFile: file }))).toEqual(
        refused,
      );
      expect(events.length, 'no progress: nothing ran').toBe(before);
    }
  });

  it('refuses an unknown profile before any call, and names where profiles live', async () => {
    const before = events.length;
    const refused = await refusal(handlers['collections:run']({ runId: 'no-profile', file: 'vars.collection.json', profile: 'nobody' }));
    expect(refused.code).toBe('unknown_profile');
    expect(refused.message).toMatch(
      /^There is no profile named "nobody" in .*profiles\.json\. Choose another profile, or add it under Settings\.$/,
    );
    expect(events.length).toBe(before);
  });

  it('refuses what the contract does not allow: an era it does not know, a profile that is not a name, an empty path', async () => {
    const dispatch = createDispatcher(handlers as Partial<Handlers> as Handlers);
    const run = (options: Record<string, unknown>) =>
      dispatch('collections:run', [{ runId: 'x', file: 'vars.collection.json', ...options }]);
    for (const options of [
      { era: '2024-11-05' },
      { era: 'Both' },
      { profile: '../work' },
      { profile: '' },
      { envFile: '' },
      { envFile: 'a\0.json' },
    ])
      expect(await run(options), JSON.stringify(options)).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(await dispatch('collections:readEnvironment', [''])).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('runs with the variables an environment file supplies, overriding nothing else', async () => {
    const without = await handlers['collections:run']({ runId: 'no-env', file: 'vars.collection.json' });
    expect(without.runs[0]!.items[0]).toMatchObject({ status: 'error', problems: [expect.stringMatching(/\{\{asset\}\} has no value/)] });
    const file = envFile('asset.json', '{"asset": "c60"}');
    const result = await handlers['collections:run']({ runId: 'with-env', file: 'vars.collection.json', envFile: file });
    expect(result.environment).toEqual({ file, variables: ['asset'] });
    expect(result.runs[0]!.items[0]).toMatchObject({ status: 'passed', assertions: [{ passed: true }] });
  }, 120_000);

  it('runs every item in both eras on a named profile, tags progress with the era, and compares the eras', async () => {
    // The built-in profile by its own name is the same as naming none.
    const result = await handlers['collections:run']({
      runId: 'both',
      file: 'vars.collection.json',
      profile: 'default',
      era: 'both',
      envFile: envFile('asset.json', '{"asset": "c60"}'),
    });
    expect(result.profile).toBe('default');
    expect(result.runs.map((r) => `${r.era}: ${r.items.map((i) => i.status).join()}`)).toEqual([
      '2025-11-25: passed',
      '2026-07-28: passed',
    ]);
    expect(result.eraDifferences).toEqual([]);
    const mine = events.filter((e) => e.runId === 'both');
    expect(mine.map((e) => `${e.era} ${e.done}/${e.total}${e.item ? ` ${e.item.status}` : ''}`)).toEqual([
      '2025-11-25 0/2',
      '2025-11-25 1/2 passed',
      '2026-07-28 1/2',
      '2026-07-28 2/2 passed',
    ]);
  }, 180_000);
});

describe('choosing an environment file', () => {
  it('lists folders and .json files that are files themselves, never hidden ones or links to files', async () => {
    const dir = path.join(home, 'pick');
    mkdirSync(path.join(dir, 'sub'), { recursive: true });
    for (const name of ['b.json', 'A.JSON', 'notes.txt', '.hidden.json']) writeFileSync(path.join(dir, name), '{}');
    symlinkSync(path.join(dir, 'b.json'), path.join(dir, 'link.json'));
    const listing = await handlers['collections:listEnvironmentFiles'](dir);
    expect(listing.path).toBe(dir);
    expect(listing.folders.map((f) => f.name)).toEqual(['sub']);
    expect(listing.files).toEqual([
      { name: 'A.JSON', path: path.join(dir, 'A.JSON') },
      { name: 'b.json', path: path.join(dir, 'b.json') },
    ]);
  });

  it('has the system file picker only where the host has one', async () => {
    expect(await refusal(handlers['collections:pickEnvironmentFile']())).toMatchObject({
      code: 'not_available',
    });
    const picked: string[] = [];
    const desktop = collectionsHandlers(
      {
        ...ctx,
        host: 'electron',
        pickFile: async (title, filters) => {
          picked.push(`${title} [${filters.flatMap((f) => f.extensions).join()}]`);
          return '/home/me/staging.json';
        },
      },
      { paths, keychain: memoryKeychain() },
    );
    expect(await desktop['collections:pickEnvironmentFile']()).toEqual({ path: '/home/me/staging.json' });
    expect(picked).toEqual(['Choose an environment file (a JSON object of variables) [json]']);
  });
});

describe('choosing the collections folder', () => {
  const repo = path.join(home, 'project', 'collections');
  const state = (folder: string) => ({ folder, defaultFolder: dir, isDefault: folder === dir });
  afterAll(async () => {
    await handlers['collections:setFolder'](null);
  });

  it('lists, saves to, reads and runs from the chosen folder, then goes back to the default with its files as they were', async () => {
    mkdirSync(repo, { recursive: true });
    const before = (await handlers['collections:list']()).collections.map((c) => c.file);
    expect(await handlers['collections:setFolder'](repo)).toEqual(state(repo));
    expect(await handlers['collections:list']()).toEqual({ ...state(repo), collections: [] });

    expect(await handlers['collections:append']({ newName: 'In the repo' }, prices('one', [{ assert: 'success' }]))).toEqual({
      file: 'in-the-repo.collection.json',
      created: true,
      items: 1,
    });
    expect(JSON.parse(readFileSync(path.join(repo, 'in-the-repo.collection.json'), 'utf8'))).toMatchObject({ name: 'In the repo' });
    expect(existsSync(path.join(dir, 'in-the-repo.collection.json'))).toBe(false);
    expect((await handlers['collections:list']()).collections).toEqual([
      { file: 'in-the-repo.collection.json', name: 'In the repo', items: 1 },
    ]);
    expect((await handlers['collections:read']('in-the-repo.collection.json')).collection.items).toHaveLength(1);
    const result = await handlers['collections:run']({ runId: 'in-repo', file: 'in-the-repo.collection.json' });
    expect(result.runs[0]!.items.map((i) => i.status)).toEqual(['passed']);

    expect(await handlers['collections:setFolder'](null)).toEqual(state(dir));
    expect((await handlers['collections:list']()).collections.map((c) => c.file)).toEqual(before);
  }, 120_000);

  it('refuses a folder that cannot hold collections, in plain words, and keeps the one in use', async () => {
    mkdirSync(repo, { recursive: true });
    await handlers['collections:setFolder'](repo);
    writeFileSync(path.join(home, 'a-file.txt'), '');
    symlinkSync(repo, path.join(home, 'linked-collections'));
    for (const [input, message] of [
      [path.join(home, 'not-there'), /^There is no folder at .*not-there\. Choose an existing folder/],
      ['project/collections', /is not a full path/],
      [path.join(home, 'a-file.txt'), /is a file, not a folder/],
      [path.join(home, 'linked-collections'), /is a symbolic link .* Choose the folder it leads to instead\.$/],
    ] as const)
      expect(await refusal(handlers['collections:setFolder'](input)), input).toMatchObject({ code: 'invalid_folder', message });
    expect((await handlers['collections:list']()).folder).toBe(repo);
  });

  it('refuses what the contract does not allow: an empty path, a NUL', async () => {
    const dispatch = createDispatcher(handlers as Partial<Handlers> as Handlers);
    for (const input of ['', 'a\0b', 42])
      expect(await dispatch('collections:setFolder', [input])).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('says plainly when the chosen folder vanished (an unplugged disk), writes nothing anywhere, and the default is one click away', async () => {
    const disk = path.join(home, 'usb', 'collections');
    mkdirSync(disk, { recursive: true });
    await handlers['collections:setFolder'](disk);
    await handlers['collections:append']({ newName: 'On the disk' }, prices('one', [{ assert: 'success' }]));
    renameSync(path.join(home, 'usb'), path.join(home, 'usb-unplugged'));

    const listed = await handlers['collections:list']();
    expect(listed).toMatchObject({ folder: disk, defaultFolder: dir, isDefault: false, collections: [] });
    expect(listed.problem).toMatch(/^The collections folder .*usb\/collections is not there now: .* use the default folder\.$/);
    for (const work of [
      () => handlers['collections:read']('on-the-disk.collection.json'),
      () => handlers['collections:append']({ newName: 'Lost?' }, prices('two', [])),
      () => handlers['collections:save']('on-the-disk.collection.json', { name: 'x', items: [] }),
      () => handlers['collections:run']({ runId: 'gone', file: 'on-the-disk.collection.json' }),
    ])
      expect(await refusal(work())).toEqual({ code: 'folder_unavailable', message: listed.problem });
    expect(existsSync(disk)).toBe(false);
    expect(existsSync(path.join(dir, 'lost.collection.json'))).toBe(false);

    expect(await handlers['collections:setFolder'](null)).toEqual(state(dir));
    renameSync(path.join(home, 'usb-unplugged'), path.join(home, 'usb'));
    await handlers['collections:setFolder'](disk);
    expect((await handlers['collections:list']()).collections).toEqual([
      { file: 'on-the-disk.collection.json', name: 'On the disk', items: 1 },
    ]);
  });

  it('refuses every call while settings.json cannot be parsed, and leaves the file as it is', async () => {
    const settings = path.join(home, '.config', 'gateway-companion', 'settings.json');
    const kept = readFileSync(settings, 'utf8');
    writeFileSync(settings, '{ "version": 1, ');
    try {
      for (const work of [() => handlers['collections:list'](), () => handlers['collections:setFolder'](null)])
        expect(await refusal(work())).toMatchObject({
          code: 'settings_invalid',
          message: expect.stringContaining('Fix it or delete it') as unknown,
        });
      expect(readFileSync(settings, 'utf8')).toBe('{ "version": 1, ');
    } finally {
      writeFileSync(settings, kept);
    }
  });

  it('lists folders for the browser-mode picker, and has the system folder picker only where the host has one', async () => {
    mkdirSync(repo, { recursive: true });
    await handlers['collections:setFolder'](null);
    const listing = await handlers['collections:listFolders'](path.join(home, 'project'));
    expect(listing.folders).toEqual([{ name: 'collections', path: repo }]);
    expect(await refusal(handlers['collections:pickFolder']())).toMatchObject({ code: 'not_available' });
    const titles: string[] = [];
    const desktop = collectionsHandlers(
      {
        ...ctx,
        host: 'electron',
        pickFolder: async (title) => {
          titles.push(title);
          return repo;
        },
      },
      { paths, keychain: memoryKeychain() },
    );
    expect(await desktop['collections:pickFolder']()).toEqual({ path: repo });
    expect(titles).toEqual(['Choose the folder for your collections (for example one in your git repository)']);
    // Picking saves nothing: the view sets the folder next, and main checks it then.
    expect((await handlers['collections:list']()).folder).toBe(dir);
  });
});
