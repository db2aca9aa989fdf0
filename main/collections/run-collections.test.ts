// The runner over the real in-process bridge and the embedded reference gateway: a folder of collections,
// an item's own profile that cannot connect, cancelling mid-run, and the progress events.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeCollection, type Collection } from '../../domain/collections/format';
import { EMBEDDED_PORT_ENV } from '../../platform/credentials/default-profile';
import { freePort, memoryKeychain, tempHome } from '../playground/testing';
import { CollectionConnection } from './connection';
import { CollectionLoadError, loadCollections, loadEnvironment } from './load';
import { runCollections } from './run-collections';

const { home, env, paths } = tempHome('companion-collections-');
const keychain = memoryKeychain();
const dir = mkdtempSync(path.join(tmpdir(), 'companion-collections-files-'));
const prices = (name: string, profile?: string) => ({
  name,
  tool: 'get_token_prices',
  ...(profile ? { profile } : {}),
  arguments: { assets: ['c60'] },
  assertions: [{ assert: 'success' as const }],
});
const write = (name: string, collection: Collection) => writeFileSync(path.join(dir, name), serializeCollection(collection));

beforeAll(async () => {
  env[EMBEDDED_PORT_ENV] = String(await freePort());
  write('a.collection.json', { name: 'a', items: [prices('one'), prices('elsewhere', 'nowhere')] });
  write('b.collection.json', { name: 'b', items: [prices('two'), prices('three'), prices('four')] });
  writeFileSync(path.join(dir, 'notes.json'), '{}');
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe('runCollections', () => {
  it('runs a folder in name order, reports an unknown profile on its item only, and emits progress', async () => {
    const collections = await loadCollections([dir]);
    expect(collections.map((c) => path.basename(c.file))).toEqual(['a.collection.json', 'b.collection.json']);
    const events: string[] = [];
    const report = await runCollections({
      collections,
      eras: ['2025-11-25'],
      env,
      paths,
      keychain,
      onEvent: (e) => events.push(e.type === 'item-start' ? `start ${e.name}` : `done ${e.item.name} ${e.item.status}`),
    });
    const statuses = report.collections.map((c) => c.items.map((i) => `${i.name}:${i.status}`));
    expect(statuses).toEqual([
      ['one:passed', 'elsewhere:error'],
      ['two:passed', 'three:passed', 'four:passed'],
    ]);
    expect(report.collections[0]?.items[1]?.problems[0]).toMatch(/^Could not connect with profile "nowhere" \(era 2025-11-25\): /);
    expect(events.slice(0, 4)).toEqual(['start one', 'done one passed', 'start elsewhere', 'done elsewhere error']);
  }, 120_000);

  it('cancels: the call in flight and every item after it are reported as cancelled', async () => {
    const controller = new AbortController();
    const collections = await loadCollections([path.join(dir, 'b.collection.json')]);
    const report = await runCollections({
      collections,
      eras: ['2025-11-25'],
      env,
      paths,
      keychain,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'item-start' && e.name === 'three') controller.abort('stop');
      },
    });
    expect(report.collections[0]?.items.map((i) => i.status)).toEqual(['passed', 'cancelled', 'cancelled']);
  }, 120_000);

  it('checks arguments and results against the schemas the gateway lists, in the 2026-07-28 era too', async () => {
    const connection = await CollectionConnection.open({ profile: 'default', era: '2026-07-28', env, paths, keychain });
    try {
      expect(connection.tools).toHaveLength(13);
      expect(connection.checkArguments('get_token_prices', { assets: ['c60'] })).toEqual([]);
      expect(connection.checkArguments('get_token_prices', { assets: 'c60' })).toEqual([expect.stringMatching(/^Assets /)]);
      expect(connection.outputProblems('get_token_prices', { currency: 'USD', unknown: [], tickers: [{ id: 'c60' }] })).toContain(
        'Tickers[0].price is required',
      );
      expect(connection.outputProblems('get_token_prices', 'text')).toEqual(['The result must be an object, not "text"']);
      expect(connection.outputProblems('get_token_prices', undefined)).toEqual(['the result has no structuredContent']);
      const { response } = await connection.call('no_such_tool', {}, new AbortController().signal);
      expect(response.error?.code).toBe(-32602);
    } finally {
      await connection.close();
    }
  }, 120_000);

  it('refuses what cannot be loaded with the file named', async () => {
    await expect(loadCollections([path.join(dir, 'notes.json')])).rejects.toThrow(/notes\.json: not a collection: name: /);
    const empty = mkdtempSync(path.join(tmpdir(), 'companion-collections-empty-'));
    await expect(loadCollections([empty])).rejects.toThrow(CollectionLoadError);
    rmSync(empty, { recursive: true });
    const bad = path.join(dir, 'bad-env.json');
    writeFileSync(bad, '{"has space": 1}');
    await expect(loadEnvironment(bad)).rejects.toThrow('"has space" is not a variable name');
  });
});
