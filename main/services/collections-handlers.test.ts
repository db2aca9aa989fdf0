// The Collections channels over a temp configuration folder: append creates and extends files, a file
// that is not a collection is never replaced, links are refused, and a run against the embedded reference
// gateway reports progress events and both sides of a failed comparison.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionItem } from '../../domain/collections/format';
import type { EventName, EventPayload } from '../../domain/ipc/contract';
import { EMBEDDED_PORT_ENV } from '../../platform/credentials/default-profile';
import { freePort, memoryKeychain, tempHome } from '../playground/testing';
import { collectionsDir } from '../collections/folder';
import { collectionsHandlers } from './collections-handlers';
import type { HostContext } from './host-context';

const { home, env, paths } = tempHome('companion-collections-app-');
const dir = collectionsDir(paths);
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
    expect(await handlers['collections:list']()).toEqual({ folder: dir, collections: [] });
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
    expect(result.items.map((i) => `${i.name}:${i.status}`)).toEqual(['passes:passed', 'fails:failed']);
    const failed = result.items[1]!.assertions[0]!;
    expect(failed).toMatchObject({ passed: false, expected: true });
    expect(failed.actual === undefined || failed.actual === false).toBe(true);
    const mine = events.filter((e) => e.runId === 'r1');
    expect(mine.map((e) => `${e.done}/${e.total}${e.item ? ` ${e.item.status}` : ''}`)).toEqual(['0/2', '1/2 passed', '1/2', '2/2 failed']);
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
    expect(result.items.map((i) => i.status)).toEqual(['cancelled', 'cancelled']);
  }, 120_000);
});
