import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../../../gateway/testing/client';
import { gatewayCommand, gatewayUpstreamCommand } from './gateway';

// The built CLI, as users run it (npm test builds first).
const CLI = 'out/main/cli.js';

interface Started {
  child: ChildProcessWithoutNullStreams;
  first: Record<string, string>;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Spawns the CLI and resolves with its first stdout line parsed as JSON. */
async function startCli(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', (l) => {
      rl.close();
      resolve(l);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before printing: ${err}`)));
  });
  return { child, first: JSON.parse(line) as Record<string, string>, stderr: () => err, exit };
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gw-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('companion gateway (built CLI)', () => {
  it('prints one JSON line, serves the tools over HTTPS with the printed CA, and stops cleanly on SIGTERM and SIGINT', async () => {
    expect(existsSync(CLI), 'build first: npx electron-vite build').toBe(true);
    const run = await startCli(['gateway', '--data-dir', dataDir, '--port', '0']);
    expect(Object.keys(run.first)).toEqual(['url', 'caCert', 'accessId', 'secretKey']);
    expect(run.first.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(run.first.caCert).toBe(join(dataDir, 'tls', 'ca-cert.pem'));
    const caCertPem = await readFile(run.first.caCert as string, 'utf8');
    const { client, close } = await connectClient({
      url: run.first.url as string,
      caCertPem,
      headers: { 'X-SVC-CREDENTIAL': run.first.accessId as string, 'X-SVC-SECRET-KEY': run.first.secretKey as string },
    });
    const result = await client.callTool({
      name: 'validate_address',
      arguments: { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' },
    });
    expect(result.structuredContent).toEqual({ status: 'ok' });
    await close();
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.stderr()).toContain('stopped (SIGTERM)');

    // Second run on the same data dir: same CA and demo account; Ctrl-C stops it too.
    const again = await startCli(['gateway', '--data-dir', dataDir, '--path', '/custom']);
    expect(again.first).toMatchObject({ caCert: run.first.caCert, accessId: run.first.accessId, secretKey: run.first.secretKey });
    expect(again.first.url).toMatch(/\/custom$/);
    again.child.kill('SIGINT');
    expect(await again.exit).toBe(0);
  });

  it('runs the upstream on its own, and a gateway in front of it with --upstream', async () => {
    const upstream = await startCli(['gateway', 'upstream', '--data-dir', dataDir]);
    expect(upstream.first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const front = await startCli(['gateway', '--data-dir', dataDir, '--upstream', upstream.first.url as string]);
    try {
      const caCertPem = await readFile(front.first.caCert as string, 'utf8');
      const { client, close } = await connectClient({
        url: front.first.url as string,
        caCertPem,
        headers: { 'X-SVC-CREDENTIAL': upstream.first.accessId as string, 'X-SVC-SECRET-KEY': upstream.first.secretKey as string },
      });
      const result = await client.callTool({ name: 'get_swap_providers', arguments: {} });
      expect(result.isError).toBeFalsy();
      await close();
      expect(front.stderr()).toContain(`upstream ${upstream.first.url}/`);
    } finally {
      front.child.kill('SIGTERM');
      upstream.child.kill('SIGTERM');
      expect(await front.exit).toBe(0);
      expect(await upstream.exit).toBe(0);
    }
  });
});

describe('companion gateway usage errors', () => {
  const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: {} };
  it('rejects bad options before starting anything', async () => {
    await expect(gatewayCommand.run(['--port', '70000'], io)).rejects.toThrow(/--port must be a whole number from 0 to 65535/);
    await expect(gatewayCommand.run(['--tls-cert', 'x.pem'], io)).rejects.toThrow(/--tls-cert and --tls-key go together/);
    await expect(gatewayCommand.run(['--upstream', 'ftp://x'], io)).rejects.toThrow(/--upstream must be an http\(s\) URL/);
    await expect(gatewayCommand.run(['--rate-limit', 'fast'], io)).rejects.toThrow(/--rate-limit is requests per second/);
    await expect(gatewayCommand.run(['--upstream', 'https://api.example', '--rate-limit', '1'], io)).rejects.toThrow(/built-in upstream/);
    await expect(gatewayCommand.run(['--path', 'mcp'], io)).rejects.toThrow(/--path must start with \//);
    await expect(gatewayCommand.run(['--bogus'], io)).rejects.toMatchObject({ code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
    await expect(gatewayUpstreamCommand.run(['--port', '-1'], io)).rejects.toThrow(/--port/);
  });
});
