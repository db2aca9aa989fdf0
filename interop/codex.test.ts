// Codex CLI launching our bridge from the [mcp_servers.gateway-companion] table our writer added to
// ~/.codex/config.toml, with the credentials in the keychain. Codex passes stdio servers only an allow-list of
// variables plus the table's env_vars, which our writer sets to the session bus. `codex mcp list` makes no
// handshake, so a turn with `codex exec` against a fake Responses API on loopback (a model provider given
// with -c, leaving the file as written) starts the server and makes a real tools/call. `required = true`
// (also given with -c) makes Codex wait for the handshake and fail loudly if it fails; without it Codex
// leaves a server that is still starting out of the first turn, which on a busy machine would make the test
// depend on timing.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYCHAIN_ENV_VARS, hostEnvironmentOf } from '../domain/host-environment';
import { startEgressTrap, type EgressTrap } from './support/egress-trap';
import { startFakeOpenAI } from './support/fake-openai';
import { recordHandshakes } from './support/report';
import { describePeer, type Peer } from './support/peers';
import { describeRun, run } from './support/run';
import { startWorld, type World } from './support/world';

let world: World;
let trap: EgressTrap;
beforeAll(async () => {
  world = await startWorld('codex');
  trap = await startEgressTrap();
  await world.install('codex');
});
afterAll(async () => {
  await trap?.close();
  await world?.close();
});

interface ExecEvent {
  type: string;
  item?: { type: string; server?: string; tool?: string; status?: string; result?: { structured_content?: unknown } };
}

describePeer('codex', (peer: Peer) => {
  // Codex looks up GitHub and chatgpt.com at start whatever its settings: its proxy is the trap.
  const codex = (args: string[], env: Record<string, string> = {}) =>
    run(peer.command, args, { env: { ...world.userEnv, ...trap.env, ...env }, cwd: world.home, timeoutMs: 120_000 });

  /** One `codex exec` turn against a fake model; `extra` are more -c overrides. */
  async function turn(extra: string[] = []) {
    const model = await startFakeOpenAI('get_token_prices', { assets: ['c60'] });
    try {
      const provider = `model_providers.interop={name="interop",base_url="${model.url}",wire_api="responses",env_key="INTEROP_MODEL_KEY"}`;
      const overrides = ['-c', 'model_provider=interop', '-c', provider, '-c', 'mcp_servers.gateway-companion.required=true', ...extra];
      const result = await codex(
        ['exec', '--skip-git-repo-check', '--json', ...overrides, '-m', 'interop-model', 'What is the price of ETH (asset c60)?'],
        { INTEROP_MODEL_KEY: 'interop-fake' },
      );
      const events = result.stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as ExecEvent);
      const offered = model.requests.some((r) => JSON.stringify(r.body.tools ?? []).includes('"get_token_prices"'));
      return { result, events, offered };
    } finally {
      await model.close();
    }
  }

  it('`codex mcp list` reads our table as written: the command, the profile and env_vars for the session bus', async () => {
    const list = await codex(['mcp', 'list', '--json']);
    expect(list.code, describeRun(list)).toBe(0);
    const servers = JSON.parse(list.stdout) as Array<{ name: string; enabled: boolean; transport: { args: string[]; env_vars: string[] } }>;
    const ours = servers.find((s) => s.name === 'gateway-companion');
    expect(ours).toMatchObject({ enabled: true, transport: { command: process.execPath, env_vars: [...KEYCHAIN_ENV_VARS] } });
    expect(ours?.transport.args).toContain(world.profile);
  });

  it('`codex exec` with a fake model starts the bridge and calls get_token_prices through it', async () => {
    const { result, events, offered } = await turn();
    expect(result.code, describeRun(result)).toBe(0);
    expect(offered, `${describeRun(result)}\n--- bridge log\n${(await world.bridgeLog()).slice(-3000)}`).toBe(true);
    const call = events.find((e) => e.type === 'item.completed' && e.item?.type === 'mcp_tool_call')?.item;
    expect(call, describeRun(result)).toMatchObject({ server: 'gateway-companion', tool: 'get_token_prices', status: 'completed' });
    expect(call?.result?.structured_content).toMatchObject({ tickers: [{ id: 'c60', price: expect.any(Number) as unknown }] });
    expect((await world.audit())[0]).toMatchObject({ profile: world.profile, tool: 'get_token_prices', ok: true });
  });

  it('without env_vars Codex scrubs the session bus, and Codex shows the bridge’s error naming the Codex setting', async (ctx) => {
    const uid = process.getuid?.() ?? 0;
    if (existsSync(`/run/user/${uid}/bus`)) ctx.skip(`/run/user/${uid}/bus exists, so the bridge finds the bus without env_vars`);
    const { result, offered } = await turn(['-c', 'mcp_servers.gateway-companion.env_vars=[]']);
    expect(result.code, describeRun(result)).not.toBe(0);
    expect(offered).toBe(false);
    expect(result.stderr, describeRun(result)).toContain('required MCP servers failed to initialize: gateway-companion');
    expect(result.stderr, describeRun(result)).toContain(
      'Codex started the bridge without the desktop session\'s D-Bus address: add env_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"]',
    );
  });

  it('introduced itself by a name the bridge knows, and the gateway agreed to the protocol version it asked for', async () => {
    const handshakes = await recordHandshakes(world, 'codex', peer.version, { refusedEgress: [...new Set(trap.attempts)] });
    expect(handshakes.length).toBeGreaterThan(0);
    // The bridge names this host's own setting in a keychain error when it recognises the host by clientInfo.
    expect(
      handshakes.map((h) => hostEnvironmentOf(h.client.name)?.host),
      JSON.stringify(handshakes),
    ).toContain('codex');
    for (const h of handshakes) expect(h.negotiated, JSON.stringify(h)).toBe(h.requested);
  });

  it('nothing Codex wrote in the home holds the secret key', async () => {
    expect(await world.filesHolding(world.gateway.secretKey)).toEqual([]);
  });
});
