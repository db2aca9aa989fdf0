// Record a session through the bridge (in-process, in front of the real reference gateway over HTTPS) in
// each protocol era, then replay it with `companion mock <file> --stdio` as a child process and get the
// same answers: results, a tool error, and the gateway's -32602 for an unknown tool.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../gateway/index';
import { startTestGateway } from '../../gateway/testing/fixture';
import { PipeTransport } from '../../bridge/testing/pipe-transport';
import { pairCalls } from '../../domain/recording/calls';
import { parseRecording } from '../../domain/recording/parse';
import { recordingBridge } from './testing/recording-bridge';

let gateway: RunningGateway;
let dispose: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ gateway, dispose } = await startTestGateway());
  dir = await mkdtemp(path.join(tmpdir(), 'mock-round-trip-'));
});
afterAll(async () => {
  await dispose();
  await rm(dir, { recursive: true, force: true });
});

type Era = 'legacy' | '2026-07-28';
type AnyClient = Client | V1Client;

const CALLS = [
  { name: 'get_token_prices', arguments: { assets: ['c60', 'c0'] } },
  { name: 'search_assets', arguments: { query: 'usdc', limit: 3 } },
  { name: 'get_coin_status', arguments: { assetId: 'C60' } },
  { name: 'no_such_tool', arguments: {} },
];

/** The tool list and each call's outcome (result, or JSON-RPC error code and message). */
async function session(client: AnyClient): Promise<unknown[]> {
  const outcomes: unknown[] = [(await client.listTools()).tools];
  for (const call of CALLS) {
    try {
      const r = await client.callTool(call);
      outcomes.push({ content: r.content, structuredContent: r.structuredContent, isError: r.isError ?? false });
    } catch (error) {
      const e = error as { code?: unknown; message: string };
      outcomes.push({ code: e.code, message: e.message });
    }
  }
  return outcomes;
}

function client(era: Era): AnyClient {
  return era === 'legacy'
    ? new V1Client({ name: 'round-trip', version: '1.0.0' })
    : new Client({ name: 'round-trip', version: '2.0.0' }, { versionNegotiation: { mode: { pin: era } } });
}

describe.each<Era>(['legacy', '2026-07-28'])('record through the bridge, replay with companion mock --stdio, era %s', (era) => {
  it('gives the same answers', { timeout: 120_000 }, async () => {
    const file = path.join(dir, `${era}.jsonl`);
    const bridge = recordingBridge(gateway, file);
    const recorded = client(era);
    await recorded.connect(new PipeTransport(bridge.host.input, bridge.host.output));
    const original = await session(recorded);
    await recorded.close();
    await bridge.stop();

    const recording = parseRecording(await readFile(file, 'utf8'));
    expect(recording.incompleteLine).toBeUndefined();
    const calls = pairCalls(recording.exchanges);
    expect(calls.map((c) => c.tool)).toEqual(CALLS.map((c) => c.name));
    expect(calls.every((c) => c.era === (era === 'legacy' ? '2025-11-25' : '2026-07-28'))).toBe(true);
    expect(calls[3]?.error?.code).toBe(-32602);

    const replayed = client(era);
    const args = ['--import', 'tsx', path.resolve('main/cli/companion.ts'), 'mock', file, '--stdio'];
    const command = { command: process.execPath, args, stderr: 'pipe' as const };
    await replayed.connect(era === 'legacy' ? new V1StdioTransport(command) : new StdioClientTransport(command));
    try {
      expect(await session(replayed)).toEqual(original);
    } finally {
      await replayed.close();
    }
  });
});
