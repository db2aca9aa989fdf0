// Gemini CLI launching our bridge from the entry our writer added to the user's ~/.gemini/settings.json, with the
// credentials in the keychain. Gemini CLI passes its own environment to stdio servers, and runs them only in a
// folder the user trusted. `gemini mcp list` makes the handshake; a turn with `gemini -p` against a fake Gemini
// API on loopback (GOOGLE_GEMINI_BASE_URL) makes a real tools/call.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeGemini } from './support/fake-gemini';
import { hostEnvironmentOf } from '../domain/host-environment';
import { recordHandshakes } from './support/report';
import { describePeer, type Peer } from './support/peers';
import { describeRun, run } from './support/run';
import { startWorld, type World } from './support/world';

/** The user's own settings before our install: an API-key sign-in, no telemetry, no update checks. */
const USER_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
};

let world: World;
let settingsFile: string;
beforeAll(async () => {
  world = await startWorld('gemini-cli');
  const dir = path.join(world.home, '.gemini');
  await mkdir(dir, { recursive: true });
  settingsFile = path.join(dir, 'settings.json');
  await writeFile(settingsFile, `${JSON.stringify(USER_SETTINGS, null, 2)}\n`);
  // The user trusted the folder they run Gemini CLI in; untrusted folders get no MCP servers at all.
  await writeFile(path.join(dir, 'trustedFolders.json'), JSON.stringify({ [world.home]: 'TRUST_FOLDER' }));
  await world.install('gemini-cli');
});
afterAll(async () => {
  await world?.close();
});

describePeer('gemini-cli', (peer: Peer) => {
  const gemini = (args: string[], env: Record<string, string> = {}) =>
    run(peer.command, args, { env: { ...world.userEnv, GEMINI_CLI_NO_RELAUNCH: 'true', ...env }, cwd: world.home, timeoutMs: 150_000 });

  it('our writer kept the user’s settings and added the entry; `gemini mcp list` shows it connected', async () => {
    const settings = JSON.parse(await readFile(settingsFile, 'utf8')) as Record<string, unknown> & {
      mcpServers: Record<string, { args: string[] }>;
    };
    expect(settings).toMatchObject(USER_SETTINGS);
    expect(settings.mcpServers['gateway-companion']?.args).toContain(world.profile);
    const list = await gemini(['mcp', 'list']);
    expect(list.code, describeRun(list)).toBe(0);
    expect(list.stdout + list.stderr, describeRun(list)).toMatch(/✓ gateway-companion: .*- Connected/);
  });

  it(
    '`gemini -p` with a fake model calls get_token_prices through the bridge and gets the gateway’s answer',
    { timeout: 180_000 },
    async () => {
      const tool = 'mcp_gateway-companion_get_token_prices';
      const model = await startFakeGemini('_get_token_prices', { assets: ['c60'] });
      try {
        // A fixed model skips the router's classifier call; --allowed-tools approves just this tool.
        const turn = await gemini(
          [
            '-m',
            'gemini-2.5-flash',
            '-p',
            'What is the price of ETH (asset c60)?',
            '--output-format',
            'stream-json',
            '--allowed-tools',
            tool,
          ],
          { GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_API_KEY: 'interop-fake' },
        );
        expect(turn.code, describeRun(turn)).toBe(0);
        const events = turn.stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { type: string; tool_name?: string; status?: string; output?: string });
        expect(events.find((e) => e.type === 'tool_use')?.tool_name, describeRun(turn)).toBe(tool);
        const result = events.find((e) => e.type === 'tool_result');
        expect(result?.status, describeRun(turn)).toBe('success');
        expect(JSON.parse(result!.output!)).toMatchObject({ tickers: [{ id: 'c60', price: expect.any(Number) as unknown }] });
        expect((await world.audit())[0]).toMatchObject({ profile: world.profile, tool: 'get_token_prices', ok: true });
      } finally {
        await model.close();
      }
    },
  );

  it('introduced itself by a name the bridge knows, and the gateway agreed to the protocol version it asked for', async () => {
    const handshakes = await recordHandshakes(world, 'gemini-cli', peer.version);
    expect(handshakes.length).toBeGreaterThan(0);
    // The bridge names this host's own setting in a keychain error when it recognises the host by clientInfo.
    expect(
      handshakes.map((h) => hostEnvironmentOf(h.client.name)?.host),
      JSON.stringify(handshakes),
    ).toContain('gemini-cli');
    for (const h of handshakes) expect(h.negotiated, JSON.stringify(h)).toBe(h.requested);
  });

  it('nothing Gemini CLI wrote in the home holds the secret key', async () => {
    expect(await world.filesHolding(world.gateway.secretKey)).toEqual([]);
  });
});
