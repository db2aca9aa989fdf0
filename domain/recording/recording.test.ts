import { describe, expect, it } from 'vitest';
import { pairCalls, recordedTools } from './calls';
import { RECORDING_FORMAT } from './format';
import { RecordingLines } from './lines';
import { canonicalJson, CallIndex } from './match';
import { parseRecording, RecordingError, recordingNotes } from './parse';

const header = JSON.stringify({ format: RECORDING_FORMAT, version: 1, startedAt: '2026-11-28T09:00:00.000Z' });
const line = (v: unknown) => JSON.stringify(v);
const KEY = `0x${'ab'.repeat(32)}`;
const PHRASE = Array.from({ length: 12 }, () => 'abandon').join(' ');

/** A small session in the 2025 era: initialize, tools/list, two calls (one answered with an error). */
function session(): string {
  const lines = new RecordingLines();
  const out = [header];
  const rec = (from: 'host' | 'bridge', message: unknown, at: number) => out.push(line(lines.line(from, message, at)));
  rec('host', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } }, 1);
  rec('bridge', { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} } } }, 5);
  rec('host', { jsonrpc: '2.0', method: 'notifications/initialized' }, 6);
  rec('host', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 7);
  rec('bridge', { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'get_token_prices', inputSchema: { type: 'object' } }] } }, 9);
  rec(
    'host',
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_token_prices', arguments: { assets: ['c60'], currency: 'USD' } } },
    10,
  );
  rec('host', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_assets', arguments: { query: KEY } } }, 11);
  rec('bridge', { jsonrpc: '2.0', id: 3, error: { code: -32001, message: 'The gateway did not answer' } }, 20);
  rec('bridge', { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: '{"tickers":[]}' }] } }, 30.5);
  return `${out.join('\n')}\n`;
}

describe('recording lines', () => {
  it('redacts secret-shaped values in ordinary fields and inside JSON strings', () => {
    const lines = new RecordingLines();
    const request = lines.line(
      'host',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'validate_address', arguments: { address: KEY, query: PHRASE, note: 'keep me' } },
      },
      0,
    );
    const args = (request?.message.params as { arguments: Record<string, unknown> }).arguments;
    expect(args).toEqual({ address: '[redacted]', query: '[redacted]', note: 'keep me' });
    const answer = lines.line(
      'bridge',
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: `{"seed":"x","echo":"${KEY}"}` }] } },
      3,
    );
    expect(JSON.stringify(answer)).not.toContain('ab'.repeat(32));
    expect(answer?.durationMs).toBe(3);
  });

  it('labels each message with its era: the 2025 session version, or the 2026 envelope', () => {
    const lines = new RecordingLines();
    lines.line('host', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18' } }, 0);
    lines.line('bridge', { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25' } }, 1);
    expect(lines.line('host', { jsonrpc: '2.0', method: 'notifications/initialized' }, 2)?.era).toBe('2025-11-25');
    const modern = {
      jsonrpc: '2.0',
      id: 'm',
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    };
    expect(lines.line('host', modern, 3)).toMatchObject({ era: '2026-07-28', kind: 'request' });
    expect(lines.line('bridge', { jsonrpc: '2.0', id: 'm', result: { tools: [] } }, 4)).toMatchObject({
      era: '2026-07-28',
      kind: 'response',
    });
  });
});

describe('parseRecording', () => {
  it('reads a session and pairs its calls by id, results and errors', () => {
    const recording = parseRecording(session());
    expect(recording.exchanges).toHaveLength(9);
    expect(recordingNotes(recording)).toBeUndefined();
    const calls = pairCalls(recording.exchanges);
    expect(calls).toEqual([
      {
        tool: 'get_token_prices',
        arguments: { assets: ['c60'], currency: 'USD' },
        result: { content: [{ type: 'text', text: '{"tickers":[]}' }] },
        durationMs: 20.5,
        era: '2025-11-25',
        at: 10,
      },
      {
        tool: 'search_assets',
        arguments: { query: '[redacted]' },
        error: { code: -32001, message: 'The gateway did not answer' },
        durationMs: 9,
        era: '2025-11-25',
        at: 11,
      },
    ]);
    expect(recordedTools(recording.exchanges)?.map((t) => t.name)).toEqual(['get_token_prices']);
  });

  it('keeps everything before a last line cut off mid-write, and says so', () => {
    const text = session();
    const cut = text.slice(0, text.length - 20);
    const recording = parseRecording(cut);
    expect(recording.incompleteLine).toBe(10);
    expect(recording.exchanges).toHaveLength(8);
    expect(recordingNotes(recording)).toMatch(/last line \(10\) was incomplete/);
  });

  it('names the line that is not JSON', () => {
    const lines = session().split('\n');
    lines[3] = '{"at": 1, oops';
    expect(() => parseRecording(lines.join('\n'))).toThrow(/^Line 4 of the recording is not JSON/);
  });

  it('refuses a newer format version in one plain sentence', () => {
    const newer = `${JSON.stringify({ format: RECORDING_FORMAT, version: 2, startedAt: 'x' })}\n`;
    expect(() => parseRecording(newer)).toThrow(
      'This recording is format version 2; this Gateway Companion reads up to version 1. Update Gateway Companion to read it.',
    );
  });

  it('refuses a file that is not a recording, and an empty one', () => {
    expect(() => parseRecording('{"jsonrpc":"2.0"}\n')).toThrow(RecordingError);
    expect(() => parseRecording('')).toThrow(/empty/);
    expect(() => parseRecording(`${header}\n{"at":1,"from":"host"}\n`)).toThrow(/Line 2 of the recording is not a recorded message/);
  });

  it('reads cut and dropped markers', () => {
    const text = `${header}\n${line({ at: 1, marker: 'cut', reason: 'recording stopped at its size cap' })}\n`;
    expect(recordingNotes(parseRecording(text))).toBe('The recording is not complete: recording stopped at its size cap.');
  });
});

describe('matching calls', () => {
  const calls = pairCalls(parseRecording(session()).exchanges);
  const index = new CallIndex(calls);

  it('finds a call whatever the order of its argument keys', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(index.find('get_token_prices', { currency: 'USD', assets: ['c60'] })?.result).toBeDefined();
    expect(index.find('get_token_prices', { currency: 'EUR', assets: ['c60'] })).toBeUndefined();
  });

  it('names the nearest recorded call of the same tool and what differs', () => {
    expect(index.explainMiss('get_token_prices', { assets: ['c60'], currency: 'EUR' })).toBe(
      'No recorded answer for get_token_prices with arguments {"assets":["c60"],"currency":"EUR"}. Nearest recorded call: get_token_prices with arguments {"assets":["c60"],"currency":"USD"} (arguments differ in: currency).',
    );
    expect(index.explainMiss('validate_address', {})).toBe(
      'No recorded answer for validate_address: the recording has no call of that tool. Recorded tools: get_token_prices, search_assets.',
    );
  });
});
