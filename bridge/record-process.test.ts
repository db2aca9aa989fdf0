// `companion bridge --record FILE` as a child process (the built CLI), driven by the official SDK clients in
// both protocol eras against the real reference gateway over HTTPS, credentials in the real OS keychain:
// the recording it leaves parses back into the session's calls, redacted.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../gateway/index';
import { currentPathContext, profilesFile } from '../platform/credentials/config-paths';
import { storeCredentials } from '../platform/credentials/credentials';
import { osKeychain } from '../platform/credentials/keychain';
import { ProfileStore } from '../platform/credentials/profiles';
import { pairCalls } from '../domain/recording/calls';
import { parseRecording } from '../domain/recording/parse';

const CLI = path.resolve('out/main/cli.js');
const keychain = osKeychain();
const KEY = 'ef'.repeat(32);

let home: string;
let env: Record<string, string>;
let gateway: RunningGateway;
let profile: string;

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npx electron-vite build; npm test does it)`);
});

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'bridge-record-'));
  env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    ...(process.env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS } : {}),
  };
  gateway = await startGateway({ dataDir: path.join(home, 'gateway') });
  profile = `rec-${randomUUID().slice(0, 8)}`;
  await new ProfileStore(profilesFile(currentPathContext(env))).save({
    name: profile,
    kind: 'remote',
    url: gateway.url,
    caFile: gateway.caCertPath,
  });
  await storeCredentials(profile, { accessId: gateway.accessId, secretKey: gateway.secretKey }, keychain);
});

afterEach(async () => {
  await gateway.close();
  await keychain.delete(profile).catch(() => false);
  await rm(home, { recursive: true, force: true });
});

type Era = '2025-11-25' | '2026-07-28';

async function recordSession(era: Era, recordPattern: string): Promise<void> {
  const command = {
    command: process.execPath,
    args: [CLI, 'bridge', '--profile', profile, '--record', recordPattern],
    env,
    stderr: 'pipe' as const,
  };
  const client =
    era === '2025-11-25'
      ? new V1Client({ name: 'record-e2e', version: '1.0.0' })
      : new Client({ name: 'record-e2e', version: '2.0.0' }, { versionNegotiation: { mode: { pin: era } } });
  await client.connect(era === '2025-11-25' ? new V1StdioTransport(command) : new StdioClientTransport(command));
  try {
    expect((await client.listTools()).tools).toHaveLength(13);
    expect((await client.callTool({ name: 'get_token_prices', arguments: { assets: ['c60'] } })).isError).toBeFalsy();
    // A secret-shaped value in an ordinary argument: redacted in the recording wherever it shows.
    await client.callTool({ name: 'search_assets', arguments: { query: KEY } });
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  } finally {
    // Closing stdin ends the bridge, which writes out and closes the recording before it exits.
    await client.close();
  }
}

describe.each<Era>(['2025-11-25', '2026-07-28'])('companion bridge --record, era %s', (era) => {
  it('records the session both ways, redacted, into a file whose calls parse back', async () => {
    const dir = path.join(home, 'recordings');
    await recordSession(era, path.join(dir, 'claude-{date}.jsonl'));
    // The bridge may still be finishing its exit when the client returns: wait for whole files. The v2 client
    // pinned to 2026-07-28 probes with server/discover in a first bridge process, then starts its session in a
    // second one: each bridge process records its own file.
    const read = async () => {
      const names = (await readdir(dir).catch(() => [])).sort();
      return Promise.all(names.map(async (n) => ({ name: n, text: await readFile(path.join(dir, n), 'utf8') })));
    };
    await expect
      .poll(async () => (await read()).map((f) => f.text.endsWith('\n') && pairCalls(parseRecording(f.text).exchanges).length))
      .toContain(3);
    const files = await read();
    expect(files).toHaveLength(era === '2025-11-25' ? 1 : 2);
    for (const { name, text } of files) {
      expect(name).toMatch(/^claude-\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d(-2)?\.jsonl$/);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(gateway.secretKey);
    }
    const text = files.find((f) => f.text.includes('tools/call'))!.text;

    const recording = parseRecording(text);
    expect(recording.incompleteLine).toBeUndefined();
    expect(recording.markers).toEqual([]);
    const kinds = new Set(recording.exchanges.map((e) => `${e.from} ${e.kind}`));
    expect([...kinds].sort()).toEqual(
      era === '2025-11-25'
        ? ['bridge error', 'bridge response', 'host notification', 'host request']
        : ['bridge error', 'bridge response', 'host request'],
    );
    const calls = pairCalls(recording.exchanges);
    expect(calls.map((c) => [c.tool, c.era])).toEqual([
      ['get_token_prices', era],
      ['search_assets', era],
      ['no_such_tool', era],
    ]);
    expect(calls[0]?.result?.structuredContent).toMatchObject({ tickers: [{ id: 'c60' }] });
    expect(calls[1]?.arguments).toEqual({ query: '[redacted]' });
    expect(calls[2]?.error?.code).toBe(-32602);
    expect(calls.every((c) => typeof c.durationMs === 'number')).toBe(true);
  });
});

it('reads the record path from GATEWAY_COMPANION_RECORD (what the app writes where a spaced path would be split)', async () => {
  const file = path.join(home, 'App Data', 'recordings', 'cursor-{date}.jsonl');
  const client = new V1Client({ name: 'record-env', version: '1.0.0' });
  await client.connect(
    new V1StdioTransport({
      command: process.execPath,
      args: [CLI, 'bridge', '--profile', profile],
      env: { ...env, GATEWAY_COMPANION_RECORD: file },
      stderr: 'pipe',
    }),
  );
  expect((await client.callTool({ name: 'get_token_prices', arguments: { assets: ['c60'] } })).isError).toBeFalsy();
  await client.close();
  const dir = path.dirname(file);
  await expect
    .poll(async () => {
      const [name] = await readdir(dir).catch(() => []);
      return name === undefined ? [] : pairCalls(parseRecording(await readFile(path.join(dir, name), 'utf8')).exchanges).map((c) => c.tool);
    })
    .toEqual(['get_token_prices']);
});
