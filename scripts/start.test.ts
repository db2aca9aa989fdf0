// `npm start` on a machine without Electron: a quiet build, one line on why browser mode, the address, and the
// default browser opened on a desktop without the token in any program's arguments.
import { spawn } from 'node:child_process';
import { access, chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
let bin: string;

beforeEach(async () => {
  bin = await mkdtemp(path.join(tmpdir(), 'start-bin-'));
  // A stand-in for the desktop's opener: records its arguments and the page it was given.
  await writeFile(
    path.join(bin, 'xdg-open'),
    // `args` appears last and whole, so a test that sees it also sees the page.
    `#!/bin/sh\ncp "$(echo "$1" | sed 's#^file://##')" "${bin}/page"\necho "$@" > "${bin}/args.tmp"\nmv "${bin}/args.tmp" "${bin}/args"\n`,
  );
  await chmod(path.join(bin, 'xdg-open'), 0o755);
});
afterEach(() => rm(bin, { recursive: true, force: true }));

async function start(env: NodeJS.ProcessEnv, opens: boolean): Promise<{ output: string; url: string }> {
  // The build is skipped: other test files read out/ meanwhile (npm test builds before the tests).
  // A home of its own, so the app's profiles and data never touch the real ones.
  env = {
    ...env,
    GATEWAY_COMPANION_START_NO_BUILD: '1',
    HOME: bin,
    XDG_CONFIG_HOME: path.join(bin, 'config'),
    XDG_DATA_HOME: path.join(bin, 'data'),
  };
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts', '--port', '0'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /http:\/\/127\.0\.0\.1:\d+\/login\?code=[\w-]+/.exec(output)?.[0];
      if (found) resolve(found);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`npm start exited early:\n${output}`)));
  });
  // Let the opener run before stopping the app: until it is done, or for a while when it must not run at all.
  if (opens) await vi.waitFor(() => access(path.join(bin, 'args')), { timeout: 20_000, interval: 50 });
  else await new Promise((r) => setTimeout(r, 1500));
  child.kill('SIGTERM');
  return { output, url };
}

describe.skipIf(process.platform !== 'linux')('npm start', () => {
  it('prints a few lines, the address, and opens the browser on a desktop without the one-time link in arguments', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}`, DISPLAY: ':0' };
    delete env.CI;
    delete env.GATEWAY_COMPANION_NO_BROWSER;
    const { output, url } = await start(env, true);
    const before = output.slice(0, output.indexOf(url)).trim().split('\n');
    expect(before.length).toBeLessThanOrEqual(3);
    expect(output).not.toMatch(/vite|built in|modules transformed/i);
    const args = await readFile(path.join(bin, 'args'), 'utf8');
    expect(args).toMatch(/^file:\/\//);
    expect(args).not.toContain('code=');
    expect(await readFile(path.join(bin, 'page'), 'utf8')).toContain(JSON.stringify(url));
  }, 120_000);

  it('opens nothing in CI or without a display', async () => {
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, CI: 'true', DISPLAY: ':0' };
    await start(env, false);
    await expect(readFile(path.join(bin, 'args'), 'utf8')).rejects.toThrow();
  }, 120_000);
});
