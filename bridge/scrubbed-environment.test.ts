// Hosts such as Codex CLI and MCP Inspector start servers with only a few variables. The built bridge,
// started that way, must still reach the keychain through the session bus's usual socket, and where it
// cannot, say which setting of that host to change.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SDK_DEFAULT_ENV_VARS } from '../domain/host-environment';
import { startGateway, type RunningGateway } from '../gateway/index';
import { currentPathContext, profilesFile } from '../platform/credentials/config-paths';
import { storeCredentials } from '../platform/credentials/credentials';
import { osKeychain } from '../platform/credentials/keychain';
import { ProfileStore } from '../platform/credentials/profiles';

const CLI = path.resolve('out/main/cli.js');
const keychain = osKeychain();
const busPath = /^unix:path=([^,]+)/.exec(process.env.DBUS_SESSION_BUS_ADDRESS ?? '')?.[1];

let home: string;
let gateway: RunningGateway;
let profile: string;

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npx electron-vite build; npm test does it)`);
});

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'bridge-scrubbed-'));
  gateway = await startGateway({ dataDir: path.join(home, 'gateway'), testHooks: true });
  profile = `scrubbed-${randomUUID().slice(0, 8)}`;
  const paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') });
  await new ProfileStore(profilesFile(paths)).save({ name: profile, kind: 'remote', url: gateway.url, caFile: gateway.caCertPath });
  await storeCredentials(profile, { accessId: gateway.accessId, secretKey: gateway.secretKey }, keychain);
});

afterEach(async () => {
  await gateway.close();
  await keychain.delete(profile).catch(() => false);
  await rm(home, { recursive: true, force: true });
});

/** The SDK's default stdio environment (what MCP Inspector and Claude Desktop pass), plus `extra`. */
function scrubbedEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of SDK_DEFAULT_ENV_VARS) if (process.env[name]) env[name] = process.env[name];
  return { ...env, HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'), ...extra };
}

async function run(env: Record<string, string>, hostName: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'bridge', '--profile', profile],
    env,
    stderr: 'pipe',
  });
  const client = new Client({ name: hostName, version: '1.0.0' });
  try {
    await client.connect(transport);
    return await client.listTools();
  } finally {
    await client.close();
  }
}

/** A 2026-07-28 host's first request (no initialize: it names itself in `_meta`), as Claude Code now opens. */
async function discoverAs(env: Record<string, string>, hostName: string): Promise<{ error?: { message: string } }> {
  const child = spawn(process.execPath, [CLI, 'bridge', '--profile', profile], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: hostName, version: '2.1.331' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } })}\n`);
  let out = '';
  for await (const chunk of child.stdout) {
    out += String(chunk);
    if (out.includes('\n')) break;
  }
  // Wait for it to end: on its way out it writes Node's compile cache under this HOME, which afterEach removes.
  const exited = once(child, 'exit');
  child.kill();
  await exited;
  return JSON.parse(out.slice(0, out.indexOf('\n'))) as { error?: { message: string } };
}

describe.skipIf(process.platform !== 'linux')('the bridge under a host’s scrubbed environment', () => {
  it.skipIf(!busPath)('finds the session bus at $XDG_RUNTIME_DIR/bus without DBUS_SESSION_BUS_ADDRESS', async () => {
    const runtime = path.join(home, 'runtime');
    await mkdir(runtime, { mode: 0o700 });
    await symlink(busPath!, path.join(runtime, 'bus'));
    const env = scrubbedEnv({ XDG_RUNTIME_DIR: runtime });
    expect(env.DBUS_SESSION_BUS_ADDRESS).toBeUndefined();
    const { tools } = await run(env, 'codex-mcp-client');
    expect(tools).toHaveLength(13);
  });

  it('names the host’s setting when no session bus can be found', async () => {
    const runtime = path.join(home, 'empty-runtime');
    await mkdir(runtime, { mode: 0o700 });
    const uid = process.getuid?.() ?? 0;
    // Only meaningful where the system-wide fallback does not exist either (CI, containers).
    if (existsSync(`/run/user/${uid}/bus`)) return;
    const failure = run(scrubbedEnv({ XDG_RUNTIME_DIR: runtime }), 'codex-mcp-client');
    await expect(failure).rejects.toThrow(/env_vars = \["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"\]/);
  });

  it('names the setting of a 2026-era host, which names itself only in _meta', async () => {
    const runtime = path.join(home, 'empty-runtime');
    await mkdir(runtime, { mode: 0o700 });
    if (existsSync(`/run/user/${process.getuid?.() ?? 0}/bus`)) return;
    const answer = await discoverAs(scrubbedEnv({ XDG_RUNTIME_DIR: runtime }), 'claude-code');
    expect(answer.error?.message).toMatch(/to the gateway-companion entry in ~\/\.claude\.json/);
  });
});
