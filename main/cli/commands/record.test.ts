// `companion record to-collection` in-process: numbering, ranges, the default skipped values, writing
// (new file, --force, links) and one plain line with exit 2 for each input it cannot convert.
import { lstat, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCollection, type Collection } from '../../../domain/collections/format';
import { main } from '../main';
import { captureIo } from '../test-io';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'record-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const c = captureIo();
  const code = await main(['record', 'to-collection', ...argv], c.io);
  return { code, out: c.out(), err: c.err() };
}

const HEADER = { format: 'gateway-companion-recording', version: 1, startedAt: '2026-11-28T10:00:00.000Z' };
const line = (from: 'host' | 'bridge', kind: string, message: Record<string, unknown>, at = 1) =>
  JSON.stringify({ at, from, kind, era: '2025-11-25', message: { jsonrpc: '2.0', ...message } });
const text = (data: unknown) => ({ content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data });

/** A session: a price lookup (volatile values), a validation, an unknown tool (JSON-RPC error). */
const SESSION = [
  JSON.stringify(HEADER),
  line('host', 'request', { id: 1, method: 'tools/list' }),
  line('bridge', 'response', { id: 1, result: { tools: [] } }),
  line('host', 'request', { id: 2, method: 'tools/call', params: { name: 'get_token_prices', arguments: { assets: ['c60'] } } }),
  line('bridge', 'response', {
    id: 2,
    result: text({
      tickers: [{ asset: 'c60', price: 3012.5, updated_at: '2026-11-28T10:00:01Z' }],
      quoteId: '0b0e8a4c-5d0e-4f43-9c39-3c2f0e5f6a71',
    }),
  }),
  line('host', 'request', {
    id: 3,
    method: 'tools/call',
    params: { name: 'validate_address', arguments: { address: '0xabc', asset_id: 'c60' } },
  }),
  line('bridge', 'response', { id: 3, result: text({ status: 'invalid', rank: 4 }) }),
  line('host', 'request', { id: 4, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }),
  line('bridge', 'error', { id: 4, error: { code: -32602, message: 'Tool no_such_tool not found' } }),
].join('\n');

async function recording(content = `${SESSION}\n`, name = 'session.jsonl'): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}

const collectionOf = (out: string): Collection => {
  const parsed = parseCollection(out, 'stdout');
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.collection;
};

describe('companion record to-collection', () => {
  it('--list numbers the answered calls from 1 with their outcome', async () => {
    const r = await run(await recording(), '--list');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter(Boolean)).toEqual([
      '   1  get_token_prices  (ok)  {"assets":["c60"]}',
      '   2  validate_address  (ok)  {"address":"0xabc","asset_id":"c60"}',
      '   3  no_such_tool  (error -32602)  {}',
    ]);
  });

  it('makes one item per call, skipping per-call values (UUIDs, date-times, prices) in structuredContent snapshots', async () => {
    const r = await run(await recording());
    expect(r.code).toBe(0);
    const collection = collectionOf(r.out);
    expect(collection.name).toBe('Recorded session of 2026-11-28T10:00:00.000Z');
    expect(collection.items.map((i) => i.name)).toEqual(['call 1: get_token_prices', 'call 2: validate_address', 'call 3: no_such_tool']);
    expect(collection.items[0]).toEqual({
      name: 'call 1: get_token_prices',
      tool: 'get_token_prices',
      arguments: { assets: ['c60'] },
      assertions: [
        { assert: 'success' },
        {
          assert: 'snapshot',
          pointer: '/structuredContent',
          value: {
            tickers: [{ asset: 'c60', price: 3012.5, updated_at: '2026-11-28T10:00:01Z' }],
            quoteId: '0b0e8a4c-5d0e-4f43-9c39-3c2f0e5f6a71',
          },
          ignore: ['/tickers/0/price', '/tickers/0/updated_at', '/quoteId'],
        },
      ],
    });
    expect(collection.items[2]?.assertions).toEqual([
      { assert: 'failure', code: -32602 },
      { assert: 'snapshot', value: { error: { code: -32602, message: 'Tool no_such_tool not found' } } },
    ]);
  });

  it('--from/--to take a 1-based inclusive range; --ignore adds pointers ("*" any key); --exact keeps per-call values; --name', async () => {
    const file = await recording();
    const r = await run(file, '--from', '1', '--to', '2', '--ignore', '/structuredContent/*', '--exact', '--name', 'Mine');
    const collection = collectionOf(r.out);
    expect(collection.name).toBe('Mine');
    expect(collection.description).toBe('Made from session.jsonl (calls 1 to 2 of 3) with companion record to-collection.');
    expect(collection.items.map((i) => i.tool)).toEqual(['get_token_prices', 'validate_address']);
    expect(collection.items[1]?.assertions?.[1]).toMatchObject({ ignore: ['/status', '/rank'] });
    expect(collectionOf((await run(file, '--from', '3')).out).items.map((i) => i.tool)).toEqual(['no_such_tool']);
  });

  it('writes --out atomically, keeps an existing file unless --force, and never replaces a non-collection or a link', async () => {
    const file = await recording();
    const out = path.join(dir, 'saved.collection.json');
    const first = await run(file, '--out', out);
    expect(first).toMatchObject({ code: 0, out: '' });
    expect(first.err).toBe(`Wrote 3 items to ${out}; run them with: companion test ${out}\n`);
    expect(collectionOf(await readFile(out, 'utf8')).items).toHaveLength(3);

    const again = await run(file, '--out', out, '--to', '1');
    expect(again.code).toBe(2);
    expect(again.err).toBe(
      `companion record to-collection: ${out} already exists; choose another --out file, or add --force to replace it.\n`,
    );
    expect((await run(file, '--out', out, '--to', '1', '--force')).code).toBe(0);
    expect(collectionOf(await readFile(out, 'utf8')).items).toHaveLength(1);

    const notes = path.join(dir, 'notes.txt');
    await writeFile(notes, 'my notes');
    const kept = await run(file, '--out', notes, '--force');
    expect(kept.code).toBe(2);
    expect(kept.err).toMatch(/exists and is not a collection, so it is kept/);
    expect(await readFile(notes, 'utf8')).toBe('my notes');

    const target = path.join(dir, 'target.collection.json');
    await writeFile(target, await readFile(out));
    const link = path.join(dir, 'link.collection.json');
    await symlink(target, link);
    expect((await run(file, '--out', link)).code).toBe(2);
    expect((await run(file, '--out', link, '--force')).code).toBe(2);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(collectionOf(await readFile(target, 'utf8')).items).toHaveLength(1);
  });

  it('a recording cut off mid-line converts what is complete and says so', async () => {
    const lines = SESSION.split('\n');
    const cut = `${lines.slice(0, 7).join('\n')}\n${(lines[7] ?? '').slice(0, 30)}`;
    const r = await run(await recording(cut));
    expect(r.code).toBe(0);
    expect(collectionOf(r.out).items.map((i) => i.tool)).toEqual(['get_token_prices', 'validate_address']);
    expect(r.err).toBe(
      'companion record to-collection: The recording is not complete: its last line (8) was incomplete and was left out (the recording stopped mid-write).\n',
    );
  });

  it('one plain line and exit 2 for a newer version, no calls in range, no calls at all, a missing file, bad usage', async () => {
    const newer = await run(await recording('{"format":"gateway-companion-recording","version":7,"startedAt":"x"}\n', 'newer.jsonl'));
    expect(newer).toMatchObject({ code: 2, out: '' });
    expect(newer.err).toBe(
      `companion record to-collection: ${path.join(dir, 'newer.jsonl')}: This recording is format version 7; this Gateway Companion reads up to version 1. Update Gateway Companion to read it.\n`,
    );
    const file = await recording();
    const range = await run(file, '--from', '4');
    expect(range).toMatchObject({ code: 2, out: '' });
    expect(range.err).toBe(`companion record to-collection: ${file} has calls 1 to 3; there is none from 4 to 3. See them with --list.\n`);
    const none = await run(await recording(`${JSON.stringify(HEADER)}\n`, 'empty.jsonl'));
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/has no answered tool calls to convert/);
    expect((await run(path.join(dir, 'nope.jsonl'))).code).toBe(2);
    const zero = await run(file, '--from', '0');
    expect(zero.code).toBe(2);
    expect(zero.err).toMatch(/--from is a call number from 1/);
    expect((await run(file, '--force')).code).toBe(2);
    expect((await run(file, '--ignore', 'price')).err).toMatch(/--ignore "price" is not a JSON Pointer/);
  });
});
