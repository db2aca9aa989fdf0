import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../gateway/index';
import { curlSnippet, typescriptSnippet, type SnippetInput } from '../../renderer/src/views/playground/export/snippets';

const run = promisify(execFile);

// The exports are only useful if they run: each is executed against the reference gateway with the
// credentials supplied the way the snippet asks for them, through the environment.
describe('exported snippets run as they are', () => {
  let gateway: RunningGateway;
  let dir: string;
  let input: SnippetInput;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'companion-exports-'));
    gateway = await startGateway({ dataDir: path.join(dir, 'gateway') });
    input = {
      url: gateway.url,
      caFile: gateway.caCertPath,
      protocolVersion: '2025-11-25',
      tool: 'get_token_prices',
      args: { assets: ['c0', 'c60'], currency: 'EUR' },
    };
    env = { PATH: process.env.PATH, HOME: dir, GATEWAY_ACCESS_ID: gateway.accessId, GATEWAY_SECRET_KEY: gateway.secretKey };
  }, 60_000);

  afterAll(async () => {
    await gateway.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('curl', async () => {
    const script = path.join(dir, 'call.sh');
    writeFileSync(script, curlSnippet(input));
    const { stdout } = await run('bash', [script], { env, timeout: 30_000 });
    expect(stdout).toContain('"currency":"EUR"');
    expect(stdout).toContain('"id":"c60"');
    // The session was deleted at the end.
    expect(await gateway.expireSessions()).toBe(0);
  }, 60_000);

  it('TypeScript with the SDK', async () => {
    const project = path.join(dir, 'ts');
    mkdirSync(project);
    symlinkSync(path.resolve('node_modules'), path.join(project, 'node_modules'));
    writeFileSync(path.join(project, 'package.json'), '{"type":"module"}');
    writeFileSync(path.join(project, 'call.ts'), typescriptSnippet(input));
    const tsx = path.resolve('node_modules/.bin/tsx');
    const { stdout } = await run(tsx, ['call.ts'], {
      cwd: project,
      env: { ...env, NODE_EXTRA_CA_CERTS: gateway.caCertPath },
      timeout: 60_000,
    });
    const printed = JSON.parse(stdout) as { currency: string; tickers: Array<{ id: string }> };
    expect(printed.currency).toBe('EUR');
    expect(printed.tickers.map((t) => t.id)).toEqual(['c0', 'c60']);
  }, 90_000);
});
