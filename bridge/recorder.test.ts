import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pairCalls } from '../domain/recording/calls';
import { parseRecording, recordingNotes } from '../domain/recording/parse';
import { expandRecordPath, FileRecorder, MAX_QUEUED_BYTES } from './recorder';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recorder-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const KEY = 'cd'.repeat(32);
const call = (id: number, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_assets', arguments: args } });
const answer = (id: number, text: string) => JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });

describe('FileRecorder', () => {
  it('records both directions, redacting secret-shaped values in ordinary fields', async () => {
    const file = path.join(dir, 'rec', 'session.jsonl');
    let clock = 0;
    const recorder = new FileRecorder({ file, now: () => clock });
    recorder.fromHost(call(1, { query: KEY, address: `0x${KEY}` }));
    clock = 12;
    recorder.toHost(answer(1, `{"items":[],"echo":"${KEY}"}`));
    recorder.fromHost('not json at all');
    await recorder.close();
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(KEY);
    const recording = parseRecording(text);
    expect(recording.exchanges.map((e) => `${e.from} ${e.kind}`)).toEqual(['host request', 'bridge response']);
    const [recorded] = pairCalls(recording.exchanges);
    expect(recorded).toMatchObject({ tool: 'search_assets', arguments: { query: '[redacted]', address: '[redacted]' }, durationMs: 12 });
  });

  it('creates nothing until the first message', async () => {
    const file = path.join(dir, 'nothing.jsonl');
    await new FileRecorder({ file }).close();
    expect(existsSync(file)).toBe(false);
  });

  it('stops at its cap with one final cut line, and never grows past it', async () => {
    const file = path.join(dir, 'capped.jsonl');
    const maxBytes = 4096;
    const recorder = new FileRecorder({ file, maxBytes });
    for (let i = 0; i < 100; i++) {
      recorder.fromHost(call(i, { query: `token number ${i}` }));
      recorder.toHost(answer(i, 'x'.repeat(100)));
    }
    await recorder.close();
    const text = await readFile(file, 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxBytes);
    const recording = parseRecording(text);
    expect(recording.markers).toHaveLength(1);
    expect(recording.markers[0]?.marker).toBe('cut');
    expect(text.trimEnd().split('\n').at(-1)).toContain('"marker":"cut"');
    expect(recordingNotes(recording)).toMatch(/size cap of 4096 bytes/);
    expect(recording.exchanges.length).toBeGreaterThan(5);
  });

  it('drops lines past its queue bound with a marker instead of buffering without end', async () => {
    const file = path.join(dir, 'dropped.jsonl');
    const recorder = new FileRecorder({ file, maxBytes: 1024 * 1024 * 1024 });
    // All at once, in one tick: the writer has not written anything yet, so the queue fills.
    const big = 'y'.repeat(1024 * 1024);
    const count = Math.ceil(MAX_QUEUED_BYTES / big.length) + 4;
    for (let i = 0; i < count; i++) recorder.toHost(answer(i, big));
    recorder.fromHost(call(999, { query: 'after the burst' }));
    await recorder.close();
    const recording = parseRecording(await readFile(file, 'utf8'));
    const dropped = recording.markers.find((m) => m.marker === 'dropped');
    expect(dropped?.count).toBeGreaterThan(0);
    expect(recording.exchanges.length + (dropped?.count ?? 0)).toBe(count + 1);
    expect(pairCalls(recording.exchanges)).toHaveLength(0);
    expect(recording.exchanges.at(-1)?.message.id).toBe(999);
  });

  it('never follows a link and never overwrites: a number is added to the name', async () => {
    const target = path.join(dir, 'target.txt');
    await writeFile(target, 'keep');
    const file = path.join(dir, 'session.jsonl');
    await symlink(target, file);
    const recorder = new FileRecorder({ file });
    recorder.fromHost(call(1, { query: 'q' }));
    await recorder.close();
    expect(await readFile(target, 'utf8')).toBe('keep');
    expect(recorder.file).toBe(path.join(dir, 'session-2.jsonl'));
    expect(parseRecording(await readFile(path.join(dir, 'session-2.jsonl'), 'utf8')).exchanges).toHaveLength(1);
  });

  it('refuses a recordings folder that is a link, telling once, and the session goes on', async () => {
    const real = path.join(dir, 'elsewhere');
    await mkdir(real);
    await symlink(real, path.join(dir, 'recordings'));
    const errors: string[] = [];
    const recorder = new FileRecorder({ file: path.join(dir, 'recordings', 'a.jsonl'), onError: (m) => errors.push(m) });
    recorder.fromHost(call(1, { query: 'q' }));
    recorder.toHost(answer(1, 'r'));
    await recorder.close();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/symbolic link/);
    expect(await readdir(real)).toEqual([]);
  });

  it('expands {date} to a file-name-safe start time', () => {
    expect(expandRecordPath('/r/claude-{date}.jsonl', new Date('2026-11-28T09:15:02.123Z'))).toBe('/r/claude-2026-11-28_09-15-02.jsonl');
  });
});
