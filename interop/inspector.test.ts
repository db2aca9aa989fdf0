// MCP Inspector's CLI as the client: through our bridge over stdio, and straight to the gateway over HTTPS
// with the two headers. Its stdio mode starts servers with the SDK's default environment (HOME, LOGNAME, PATH,
// SHELL, TERM, USER) plus what `-e` names, so the session bus must be passed with `-e`, as the README says.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { environmentUnderPolicy, hostEnvironmentOf } from '../domain/host-environment';
import { recordHandshakes } from './support/report';
import { describePeer, type Peer } from './support/peers';
import { describeRun, run } from './support/run';
import { startWorld, type World } from './support/world';

const CLI = path.resolve('out/main/cli.js');

let world: World;
beforeAll(async () => {
  world = await startWorld('inspector');
});
afterAll(async () => {
  await world?.close();
});

interface ToolList {
  tools: Array<{ name: string }>;
}
interface CallResult {
  content: Array<{ type: string; text: string }>;
  structuredContent?: { tickers?: Array<{ id: string; price: number }> };
  isError?: boolean;
}

describePeer('inspector', (peer: Peer) => {
  const inspector = (args: string[], env: Record<string, string>) =>
    run(peer.command, ['--cli', ...args], { env, cwd: world.home, timeoutMs: 90_000 });
  const bridgeArgs = () => [process.execPath, CLI, 'bridge', '--profile', world.profile];
  const bus = () => ['-e', `DBUS_SESSION_BUS_ADDRESS=${world.userEnv.DBUS_SESSION_BUS_ADDRESS ?? ''}`];
  const priceCall = ['--method', 'tools/call', '--tool-name', 'get_token_prices', '--tool-arg', 'assets=["c60","c0"]'];

  it('through the bridge: tools/list shows the 13 tools, tools/call get_token_prices answers', async () => {
    const list = await inspector([...bus(), ...bridgeArgs(), '--method', 'tools/list'], world.userEnv);
    expect(list.code, describeRun(list)).toBe(0);
    const tools = (JSON.parse(list.stdout) as ToolList).tools.map((t) => t.name);
    expect(tools).toHaveLength(13);
    expect(tools).toContain('get_token_prices');

    const call = await inspector([...bus(), ...bridgeArgs(), ...priceCall], world.userEnv);
    expect(call.code, describeRun(call)).toBe(0);
    const result = JSON.parse(call.stdout) as CallResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.tickers?.map((t) => t.id)).toEqual(['c60', 'c0']);
    // The call went through the bridge, with this profile's credentials from the keychain.
    expect((await world.audit())[0]).toMatchObject({ profile: world.profile, tool: 'get_token_prices', ok: true });
  });

  it('through the bridge without -e: the bridge says which Inspector option passes the session bus', async (ctx) => {
    const uid = process.getuid?.() ?? 0;
    if (existsSync(`/run/user/${uid}/bus`)) ctx.skip(`/run/user/${uid}/bus exists, so the bridge finds the bus without help`);
    // What the Inspector passes the bridge: the SDK's default variables only.
    expect(Object.keys(environmentUnderPolicy('sdk-default', world.userEnv))).not.toContain('DBUS_SESSION_BUS_ADDRESS');
    const list = await inspector([...bridgeArgs(), '--method', 'tools/list'], world.userEnv);
    expect(list.code, describeRun(list)).not.toBe(0);
    expect(list.stdout + list.stderr).toContain('start the Inspector with -e DBUS_SESSION_BUS_ADDRESS=');
  });

  it('introduced itself by a name the bridge knows, and the gateway agreed to the protocol version it asked for', async () => {
    const handshakes = await recordHandshakes(world, 'mcp-inspector', peer.version);
    expect(handshakes.length).toBeGreaterThan(0);
    // The bridge names this host's own setting in a keychain error when it recognises the host by clientInfo.
    expect(
      handshakes.map((h) => hostEnvironmentOf(h.client.name)?.host),
      JSON.stringify(handshakes),
    ).toContain('mcp-inspector');
    for (const h of handshakes) expect(h.negotiated, JSON.stringify(h)).toBe(h.requested);
  });

  it('directly over HTTPS with the two headers (the gateway CA in NODE_EXTRA_CA_CERTS): the same tools and call', async () => {
    const g = world.gateway;
    const env = { ...world.userEnv, NODE_EXTRA_CA_CERTS: g.caCertPath };
    const headers = ['--header', `X-SVC-CREDENTIAL: ${g.accessId}`, `X-SVC-SECRET-KEY: ${g.secretKey}`];
    const list = await inspector([g.url, '--transport', 'http', ...headers, '--method', 'tools/list'], env);
    expect(list.code, describeRun(list)).toBe(0);
    expect((JSON.parse(list.stdout) as ToolList).tools).toHaveLength(13);

    const call = await inspector([g.url, '--transport', 'http', ...headers, ...priceCall], env);
    expect(call.code, describeRun(call)).toBe(0);
    expect((JSON.parse(call.stdout) as CallResult).structuredContent?.tickers?.map((t) => t.id)).toEqual(['c60', 'c0']);

    // Without the CA the Inspector refuses the gateway's certificate: TLS is verified, not skipped.
    const untrusted = await inspector([g.url, '--transport', 'http', ...headers, '--method', 'tools/list'], world.userEnv);
    expect(untrusted.code).not.toBe(0);
  });
});
