// Two users on one machine, each with their own HOME and config folder, both with the built-in profile on
// the same preferred port: each runs the app (browser mode's services, playground connected) and a bridge
// at once, as real processes of the built CLI. Each gateway is embedded and serves only its own folder.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPathContext, referenceGatewayDir } from '../../platform/credentials/config-paths';
import { portStateFile } from './embedded-port';

const CLI = path.resolve('out/main/cli.js');
const children: ChildProcessWithoutNullStreams[] = [];
const homes: string[] = [];

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npx electron-vite build; npm test does it)`);
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  for (const home of homes) await rm(home, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A user of their own: HOME, config folder and no session bus (another user's keychain is not ours to share). */
async function user(name: string, preferredPort: number): Promise<NodeJS.ProcessEnv> {
  const home = await mkdtemp(path.join(tmpdir(), `two-users-${name}-`));
  homes.push(home);
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_RUNTIME_DIR: path.join(home, 'run'),
    GATEWAY_COMPANION_EMBEDDED_PORT: String(preferredPort),
  };
}

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams & { output: () => string } {
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return Object.assign(child, { output: () => output });
}

function waitFor<T>(child: ReturnType<typeof run>, find: (output: string) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = find(child.output());
      if (found === undefined) return;
      child.stdout.off('data', check);
      child.stderr.off('data', check);
      child.off('exit', exited);
      resolve(found);
    };
    const exited = (code: number | null) => reject(new Error(`exited with ${code}:\n${child.output()}`));
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', exited);
    check();
  });
}

/** Browser mode with the playground connected to the built-in profile: the app's embedded gateway. */
async function runApp(env: NodeJS.ProcessEnv): Promise<{ url: string; serverName: string }> {
  const app = run(['web', '--port', '0'], env);
  const link = await waitFor(app, (out) => /http:\/\/127\.0\.0\.1:\d+\/login\?code=[\w-]+/.exec(out)?.[0]);
  const page = await (await fetch(link)).text();
  const session = /<meta name="companion-session" content="([\w-]+)">/.exec(page)?.[1];
  expect(session).toBeDefined();
  const res = await fetch(new URL('/api/invoke', link), {
    method: 'POST',
    headers: { Authorization: `Bearer ${session}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ channel: 'playground:connect', args: ['default'] }),
  });
  const answer = (await res.json()) as { ok: boolean; value?: { serverName: string; url: string }; error?: { message: string } };
  expect(answer.error?.message ?? 'connected', app.output()).toBe('connected');
  return answer.value!;
}

/** A bridge as an assistant runs it: initialize, then one tool call; the answers by id. */
async function runBridge(env: NodeJS.ProcessEnv): Promise<Map<number, { result?: unknown; error?: { message: string } }>> {
  const bridge = run(['bridge'], env);
  const answers = new Map<number, { result?: unknown; error?: { message: string } }>();
  const answer = (id: number) =>
    waitFor(bridge, (out) => {
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        const message = JSON.parse(line) as { id?: number; result?: unknown; error?: { message: string } };
        if (message.id === id) return message;
      }
      return undefined;
    });
  const send = (message: object) => bridge.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  send({
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  });
  answers.set(1, await answer(1));
  send({ method: 'notifications/initialized' });
  send({ id: 2, method: 'tools/call', params: { name: 'get_listing_categories', arguments: {} } });
  answers.set(2, await answer(2));
  bridge.stdin.end();
  return answers;
}

describe('two users with the same preferred port for the built-in gateway', () => {
  it('each runs the app and a bridge at once, each against their own embedded gateway', async () => {
    const preferred = await freePort();
    const alice = await user('alice', preferred);
    const bob = await user('bob', preferred);

    const aliceApp = await runApp(alice);
    expect(aliceApp.url).toBe(`https://127.0.0.1:${preferred}/mcp`);
    // Bob's app finds the port held by Alice's gateway, which cannot prove it is his: his own listens elsewhere.
    const bobApp = await runApp(bob);
    const bobPort = JSON.parse(await readFile(portStateFile(referenceGatewayDir(currentPathContext(bob))), 'utf8')) as { port: number };
    expect(bobPort.port).not.toBe(preferred);

    const [aliceBridge, bobBridge] = await Promise.all([runBridge(alice), runBridge(bob)]);
    for (const answers of [aliceBridge, bobBridge]) {
      expect(answers.get(1)?.error).toBeUndefined();
      expect(answers.get(1)?.result).toMatchObject({ serverInfo: { name: aliceApp.serverName } });
      expect(answers.get(2)?.error).toBeUndefined();
      expect(answers.get(2)?.result).toMatchObject({ content: [{ type: 'text' }] });
      expect((answers.get(2)?.result as { isError?: boolean }).isError).not.toBe(true);
    }
    expect(bobApp.serverName).toBe(aliceApp.serverName);
  }, 120_000);
});
