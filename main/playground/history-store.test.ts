import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../domain/ipc/playground-channels';
import { HistoryStore } from './history-store';
import { tempHome } from './testing';

const homes: string[] = [];
function file(): string {
  const { home } = tempHome('companion-history-');
  homes.push(home);
  return path.join(home, 'playground', 'history.jsonl');
}
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

const entry = (n: number, bytes = 100): HistoryEntry => ({
  id: `id-${n}`,
  tool: 'get_token_prices',
  arguments: { assets: [`c${n}`] },
  profile: 'default',
  startedAt: 1_700_000_000_000 + n,
  durationMs: 12,
  status: 'ok',
  bytes,
  result: { content: [{ type: 'text', text: 'x'.repeat(Math.min(bytes, 50)) }] },
});

describe('HistoryStore', () => {
  it('keeps every call, survives a restart, and stays bounded', async () => {
    const f = file();
    const store = new HistoryStore(f, 5);
    for (let i = 1; i <= 7; i++) await store.add(entry(i));
    expect((await store.list()).map((e) => e.id)).toEqual(['id-3', 'id-4', 'id-5', 'id-6', 'id-7']);
    const reopened = new HistoryStore(f, 5);
    expect((await reopened.list()).map((e) => e.id)).toEqual(['id-3', 'id-4', 'id-5', 'id-6', 'id-7']);
    expect((await reopened.get('id-7'))?.result).toEqual(entry(7).result);
    // The append-only file is compacted once it holds twice the limit.
    for (let i = 8; i <= 12; i++) await reopened.add(entry(i));
    expect(readFileSync(f, 'utf8').trim().split('\n').length).toBeLessThanOrEqual(10);
    expect((await new HistoryStore(f, 5).list()).map((e) => e.id)).toEqual(['id-8', 'id-9', 'id-10', 'id-11', 'id-12']);
  });

  it('removes and clears, and a restart agrees', async () => {
    const f = file();
    const store = new HistoryStore(f);
    for (let i = 1; i <= 3; i++) await store.add(entry(i));
    expect(await store.remove('id-2')).toBe(true);
    expect(await store.remove('id-2')).toBe(false);
    expect((await new HistoryStore(f).list()).map((e) => e.id)).toEqual(['id-1', 'id-3']);
    expect(await store.clear()).toBe(2);
    await store.add(entry(4));
    expect((await new HistoryStore(f).list()).map((e) => e.id)).toEqual(['id-4']);
  });

  it('keeps a big result for this run only, and says so after a restart', async () => {
    const f = file();
    const store = new HistoryStore(f, 500, 1000);
    await store.add(entry(1, 5_000_000));
    expect((await store.get('id-1'))?.result).toBeDefined();
    const after = await new HistoryStore(f, 500, 1000).get('id-1');
    expect(after?.result).toBeUndefined();
    expect(after?.resultDropped).toBe(5_000_000);
    expect(readFileSync(f, 'utf8').length).toBeLessThan(2000);
  });

  it('lists summaries with the error message, without results', async () => {
    const store = new HistoryStore(file());
    await store.add({ ...entry(1), status: 'tool-error', error: { code: 'invalid_credentials', message: 'Invalid credentials' } });
    expect((await store.list())[0]).toEqual(expect.objectContaining({ id: 'id-1', status: 'tool-error', message: 'Invalid credentials' }));
    expect((await store.list())[0]).not.toHaveProperty('result');
  });

  it('skips a line cut short by a crash', async () => {
    const f = file();
    const store = new HistoryStore(f);
    await store.add(entry(1));
    const { appendFileSync } = await import('node:fs');
    appendFileSync(f, '{"add":{"id":"id-2","to');
    expect((await new HistoryStore(f).list()).map((e) => e.id)).toEqual(['id-1']);
  });

  it('stores secret-looking arguments and results as [redacted], in memory and on disk', async () => {
    const f = file();
    const store = new HistoryStore(f);
    const key = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
    await store.add({
      ...entry(1),
      arguments: {
        address: `0x${key}`,
        privateKey: 'hunter2',
        query: 'abandon ability able about above absent absorb abstract absurd abuse access accident',
        assets: ['c60'],
      },
      result: { content: [{ type: 'text', text: JSON.stringify({ valid: false, address: `0x${key}` }) }] },
      error: { code: 'bad_address', message: `0x${key} is not an address` },
    });
    const onDisk = readFileSync(f, 'utf8');
    for (const leak of [key, 'hunter2', 'abandon ability']) expect(onDisk).not.toContain(leak);
    const stored = await new HistoryStore(f).get('id-1');
    expect(stored?.arguments).toEqual({ address: '[redacted]', privateKey: '[redacted]', query: '[redacted]', assets: ['c60'] });
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored?.error?.message).toBe('[redacted] is not an address');
  });

  it('rewrites a history file written before redaction when it is first read', async () => {
    const f = file();
    mkdirSync(path.dirname(f), { recursive: true });
    const old = { ...entry(1), arguments: { address: '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318' } };
    writeFileSync(f, `${JSON.stringify({ add: old })}\n${JSON.stringify({ add: entry(2) })}\n`);
    expect((await new HistoryStore(f).list()).map((e) => e.arguments)).toEqual([{ address: '[redacted]' }, { assets: ['c2'] }]);
    expect(readFileSync(f, 'utf8')).not.toContain('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318');
  });
});
