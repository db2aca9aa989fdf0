// mcp-remote (the stdio-to-HTTP bridge users reach for today, a devDependency here) beside our bridge, both
// against the same reference gateway, driven by the official SDK client over stdio: the handshake, the tool
// list and the same calls must come back the same through each.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI, mcpRemote } from './support/peers';
import { startWorld, type World } from './support/world';

const CLI = path.resolve('out/main/cli.js');
const remote = mcpRemote();

let world: World;
beforeAll(async () => {
  world = await startWorld('mcp-remote');
});
afterAll(async () => {
  await world?.close();
});

interface Seen {
  server: ReturnType<Client['getServerVersion']>;
  capabilities: ReturnType<Client['getServerCapabilities']>;
  instructions: ReturnType<Client['getInstructions']>;
  tools: Awaited<ReturnType<Client['listTools']>>['tools'];
  calls: unknown[];
  /** The JSON-RPC error for an unknown tool (-32602), as the host's SDK reports it. */
  unknownTool: unknown;
  prices: unknown;
  search: unknown;
  ping: unknown;
}

const CALLS = [
  { name: 'validate_address', arguments: { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' } },
  { name: 'validate_address', arguments: { address: 'nope', asset_id: 'c60' } },
  { name: 'get_listing_categories', arguments: {} },
  { name: 'get_swap_domains', arguments: {} },
  { name: 'get_swap_providers', arguments: {} },
];

async function session(command: string, args: string[], env: Record<string, string>): Promise<Seen> {
  const transport = new StdioClientTransport({ command, args, env, cwd: world.home, stderr: 'pipe' });
  const client = new Client({ name: 'interop-host', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout: 60_000 });
    const calls = [];
    for (const call of CALLS) calls.push(await client.callTool(call, undefined, { timeout: 60_000 }));
    const unknownTool = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
      (result) => ({ result }),
      (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: error.message }),
    );
    const prices = await client.callTool({ name: 'get_token_prices', arguments: { assets: ['c60', 'c0'] } });
    const search = await client.callTool({ name: 'search_assets', arguments: { query: 'USDC' } });
    return {
      server: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      instructions: client.getInstructions(),
      tools: (await client.listTools()).tools,
      calls,
      unknownTool,
      // Market figures move with the clock: compare which assets came back and their fields, not the figures.
      prices: (prices.structuredContent as { tickers: Array<Record<string, unknown>> }).tickers.map((t) => ({
        id: t.id,
        fields: Object.keys(t).sort(),
      })),
      search: (search.structuredContent as { docs: Array<Record<string, unknown>> }).docs.map((d) => d.asset_id),
      ping: await client.ping(),
    };
  } finally {
    await client.close();
  }
}

describe(`mcp-remote@${remote?.version ?? '(missing)'} beside our bridge`, () => {
  it('is installed', (ctx) => {
    if (remote) return;
    if (IN_CI) throw new Error('node_modules/mcp-remote is missing: npm ci');
    ctx.skip('node_modules/mcp-remote is missing: npm ci');
  });

  it.runIf(remote)('the same handshake, tool list and tool results through each', { timeout: 150_000 }, async () => {
    const g = world.gateway;
    // mcp-remote as its README advises for secrets: the headers in a file, the CA in NODE_EXTRA_CA_CERTS.
    const headerFile = path.join(world.home, 'gateway-headers.txt');
    await writeFile(headerFile, `X-SVC-CREDENTIAL: ${g.accessId}\nX-SVC-SECRET-KEY: ${g.secretKey}\n`, { mode: 0o600 });
    const [node, script] = remote!.command;
    const theirs = await session(node!, [script!, g.url, '--header-file', headerFile], {
      ...world.userEnv,
      NODE_EXTRA_CA_CERTS: g.caCertPath,
    });
    const ours = await session(process.execPath, [CLI, 'bridge', '--profile', world.profile], { ...world.userEnv });

    expect(ours.server?.name).toBe('gateway-companion-reference-gateway');
    expect(ours.tools).toHaveLength(13);
    expect(ours.calls).toHaveLength(CALLS.length);
    // The gateway's JSON-RPC error reaches the host unchanged through both bridges.
    expect(ours.unknownTool).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool "no_such_tool"') });
    expect((ours.search as string[]).length).toBeGreaterThan(0);
    expect(ours).toEqual(theirs);
    // The SDK client asked our bridge for 2025-11-25, and the gateway agreed.
    expect(world.handshakes()).toMatchObject([{ client: { name: 'interop-host' }, requested: '2025-11-25', negotiated: '2025-11-25' }]);
    expect((await world.audit()).filter((r) => r.profile === world.profile)).toHaveLength(CALLS.length + 3);
  });
});
