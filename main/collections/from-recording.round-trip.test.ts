// A session recorded through the bridge in front of the reference gateway becomes a collection
// (`companion record to-collection`), which then passes with `companion test` against the embedded
// reference gateway, against `companion mock` of the recording, and against `companion mock` of the
// collection itself, in both protocol eras.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../gateway/index';
import { startTestGateway } from '../../gateway/testing/fixture';
import { PipeTransport } from '../../bridge/testing/pipe-transport';
import { EMBEDDED_PORT_ENV } from '../../platform/credentials/default-profile';
import { main } from '../cli/main';
import { captureIo } from '../cli/test-io';
import { startMockProcess, type MockProcess } from '../mock/testing/mock-process';
import { recordingBridge } from '../mock/testing/recording-bridge';
import { freePort, tempHome } from '../playground/testing';

let gateway: RunningGateway;
let dispose: () => Promise<void>;
let dir: string;
const { home, env } = tempHome('record-round-trip-');
const mocks: MockProcess[] = [];

beforeAll(async () => {
  ({ gateway, dispose } = await startTestGateway());
  dir = await mkdtemp(path.join(tmpdir(), 'record-round-trip-'));
  env[EMBEDDED_PORT_ENV] = String(await freePort());
});
afterAll(async () => {
  await Promise.all(mocks.map((m) => m.stop()));
  await dispose();
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

/** Calls whose answers hold still between runs once per-call values are skipped, plus an error. */
const CALLS = [
  { name: 'get_token_prices', arguments: { assets: ['c60', 'c0'] } },
  { name: 'get_coin_status', arguments: { assetId: 'c60' } },
  { name: 'validate_address', arguments: { address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', asset_id: 'c60' } },
  { name: 'get_listing_categories', arguments: {} },
  // Not a swap quote: its best route and fees move with the market, beyond what the converter skips.
  { name: 'get_asset_details', arguments: { assetId: 'c60' } },
  // A tool error (isError) is replayed too; a call to an unknown tool is not (companion test refuses it).
  { name: 'get_asset_details', arguments: { assetId: 'c60_t0x0000000000000000000000000000000000000001' } },
];

async function cli(argv: string[], stdin?: string) {
  const c = captureIo(env);
  if (stdin !== undefined) (c.io.stdin as PassThrough).end(stdin);
  const code = await main(argv, c.io);
  return { code, out: c.out(), err: c.err() };
}

/** `companion mock <file> --port 0`; resolves with its URL. */
async function mock(file: string): Promise<string> {
  const started = await startMockProcess(file);
  mocks.push(started);
  return started.url;
}

/** `companion test` of the collection, with a profile pointing at `url` when given; the items not passed. */
async function test(collection: string, url?: string, profile?: string): Promise<unknown[]> {
  if (url && profile) expect((await cli(['login', '--profile', profile, '--url', url], 'any-id\nany-secret\n')).code).toBe(0);
  const run = await cli(['test', collection, '--era', 'both', '--reporter', 'json', ...(profile ? ['--profile', profile] : [])]);
  const report = JSON.parse(run.out) as {
    collections: Array<{
      items: Array<{ name: string; status: string; problems: string[]; assertions: Array<{ passed: boolean; message: string }> }>;
    }>;
  };
  // One entry per era.
  const items = report.collections.flatMap((c) => c.items);
  expect(items.length).toBe(CALLS.length * 2);
  const failed = items.filter((i) => i.status !== 'passed').map((i) => [i.name, i.problems, i.assertions.filter((a) => !a.passed)]);
  if (failed.length === 0) expect(run.code).toBe(0);
  return failed;
}

describe('a recorded session as a collection', () => {
  it(
    'converts, then passes on the embedded gateway, on the mock of the recording and on the mock of the collection',
    { timeout: 240_000 },
    async () => {
      const recording = path.join(dir, 'session.jsonl');
      const bridge = recordingBridge(gateway, recording);
      const client = new Client({ name: 'round-trip', version: '1.0.0' });
      await client.connect(new PipeTransport(bridge.host.input, bridge.host.output));
      for (const call of CALLS) await client.callTool(call).catch(() => undefined);
      await client.close();
      await bridge.stop();

      const collection = path.join(dir, 'session.collection.json');
      const converted = await cli(['record', 'to-collection', recording, '--out', collection]);
      expect(converted.err).toBe(`Wrote ${CALLS.length} items to ${collection}; run them with: companion test ${collection}\n`);
      expect(await readFile(collection, 'utf8')).toContain('"assert": "snapshot"');

      expect(await test(collection)).toEqual([]);
      expect(await test(collection, await mock(recording), 'recorded')).toEqual([]);
      expect(await test(collection, await mock(collection), 'collected')).toEqual([]);
    },
  );
});
