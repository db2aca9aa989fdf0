// Claude Code launching our bridge from the entry our writer put in ~/.claude.json, with the credentials in the
// keychain. Claude Code passes its own environment to stdio servers. `claude mcp list` makes the handshake; a
// turn with `claude -p` against a fake Anthropic API on loopback (ANTHROPIC_BASE_URL) makes a real tools/call.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeAnthropic, toolResults } from './support/fake-anthropic';
import { hostEnvironmentOf } from '../domain/host-environment';
import { recordHandshakes } from './support/report';
import { describePeer, type Peer } from './support/peers';
import { describeRun, run } from './support/run';
import { startWorld, type World } from './support/world';
import { main } from '../main/cli/main';
import { captureIo } from '../main/cli/test-io';
import { startMockProcess, type MockProcess } from '../main/mock/testing/mock-process';

let world: World;
beforeAll(async () => {
  world = await startWorld('claude-code');
  // With Record sessions on, as the Assistants view's switch sets it: the bridge records each session.
  await world.install('claude-code', { record: true });
});
afterAll(async () => {
  await world?.close();
});

/** Claude Code's own switches for a quiet, offline run: no updater, telemetry or error reports. */
const quiet = {
  DISABLE_AUTOUPDATER: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
};

describePeer('claude-code', (peer: Peer) => {
  const claude = (args: string[], env: Record<string, string> = {}) =>
    run(peer.command, args, { env: { ...world.userEnv, ...quiet, ...env }, cwd: world.home, timeoutMs: 120_000 });

  it('the entry our writer produced is in ~/.claude.json, and `claude mcp list` shows it connected', async () => {
    const config = JSON.parse(await readFile(`${world.home}/.claude.json`, 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
    expect(config.mcpServers['gateway-companion']?.args).toContain(world.profile);
    const list = await claude(['mcp', 'list']);
    expect(list.code, describeRun(list)).toBe(0);
    expect(list.stdout, describeRun(list)).toMatch(/gateway-companion: .* - ✔ Connected/);
  });

  it('`claude -p` with a fake model calls get_token_prices through the bridge and gets the gateway’s answer', async () => {
    const tool = 'mcp__gateway-companion__get_token_prices';
    const model = await startFakeAnthropic(tool, { assets: ['c60'] });
    try {
      const turn = await claude(
        ['-p', 'What is the price of ETH (asset c60)?', '--allowedTools', tool, '--output-format', 'stream-json', '--verbose'],
        {
          ANTHROPIC_BASE_URL: model.url,
          ANTHROPIC_API_KEY: 'sk-ant-interop-fake',
          // Offer MCP tools to the model directly (not behind tool search) and connect servers before the first turn.
          ENABLE_TOOL_SEARCH: 'false',
          MCP_CONNECTION_NONBLOCKING: '0',
        },
      );
      expect(turn.code, describeRun(turn)).toBe(0);
      const offered = model.requests.some((r) =>
        ((r.body.tools as Array<{ name: string }> | undefined) ?? []).some((t) => t.name === tool),
      );
      expect(offered, describeRun(turn)).toBe(true);
      const [result] = toolResults(model.requests) as Array<{ content: string; is_error?: boolean }>;
      expect(result?.is_error, describeRun(turn)).toBeFalsy();
      expect(JSON.parse(String(result?.content))).toMatchObject({ tickers: [{ id: 'c60', price: expect.any(Number) as unknown }] });
      expect((await world.audit())[0]).toMatchObject({ profile: world.profile, tool: 'get_token_prices', ok: true });
    } finally {
      await model.close();
    }
  });

  it('introduced itself by a name the bridge knows, and the gateway agreed to the protocol version it asked for', async () => {
    const handshakes = await recordHandshakes(world, 'claude-code', peer.version);
    expect(handshakes.length).toBeGreaterThan(0);
    // The bridge names this host's own setting in a keychain error when it recognises the host by clientInfo.
    expect(
      handshakes.map((h) => hostEnvironmentOf(h.client.name)?.host),
      JSON.stringify(handshakes),
    ).toContain('claude-code');
    for (const h of handshakes) expect(h.negotiated, JSON.stringify(h)).toBe(h.requested);
  });

  it('the recorded session converts to a collection that passes against companion mock of the recording', async () => {
    const recordings = await world.recordings();
    const dir = await mkdtemp(path.join(tmpdir(), 'interop-claude-collection-'));
    const mocks: MockProcess[] = [];
    const cli = async (argv: string[], stdin?: string) => {
      const c = captureIo({ ...world.userEnv });
      if (stdin !== undefined) (c.io.stdin as PassThrough).end(stdin);
      const code = await main(argv, c.io);
      return { code, out: c.out(), err: c.err(), text: `${argv.join(' ')} -> ${code}\n${c.out()}\n${c.err()}` };
    };
    try {
      // One file per session (`claude mcp list` made one too); the turn's session is the one with a call.
      let session: string | undefined;
      for (const file of recordings)
        if ((await cli(['record', 'to-collection', file, '--list'])).out.includes('get_token_prices')) session = file;
      expect(session, recordings.join(', ')).toBeDefined();
      const collection = path.join(dir, 'claude.collection.json');
      const converted = await cli(['record', 'to-collection', session!, '--out', collection]);
      expect(converted.code, converted.text).toBe(0);
      const mock = await startMockProcess(session!, { ...process.env });
      mocks.push(mock);
      const mockProfile = `${world.profile}-mock`;
      expect((await cli(['login', '--profile', mockProfile, '--url', mock.url], 'any-id\nany-secret\n')).code).toBe(0);
      const tested = await cli(['test', collection, '--profile', mockProfile, '--era', 'both']);
      expect(tested.code, tested.text).toBe(0);
      expect(tested.out).toMatch(/get_token_prices/);
      await cli(['logout', '--profile', mockProfile]);
    } finally {
      await Promise.all(mocks.map((m) => m.stop()));
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('nothing Claude Code wrote in the home holds the secret key', async () => {
    expect(await world.filesHolding(world.gateway.secretKey)).toEqual([]);
  });
});
