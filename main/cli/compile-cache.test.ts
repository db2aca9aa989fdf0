// `companion` keeps Node's compile cache in a private per-user folder, and uses none it cannot trust.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPrivateFolder } from './compile-cache';

const home = mkdtempSync(path.join(tmpdir(), 'companion-compile-cache-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** `companion --version` from source in a clean process, with this home. */
function companion(env: NodeJS.ProcessEnv): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('main/cli/companion.ts'), '--version'], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
}

const posix = process.platform !== 'win32';

describe('the compile cache', () => {
  it.runIf(posix)('is filled in a folder of mode 0700 under the cache home, one subfolder per Node version and V8 flags', () => {
    const cacheHome = path.join(home, 'xdg-cache');
    companion({ HOME: home, XDG_CACHE_HOME: cacheHome });
    const dir = path.join(cacheHome, 'gateway-companion', 'compile-cache');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.dirname(dir)).mode & 0o777).toBe(0o700);
    // One folder per Node version, architecture and V8 flags.
    const [tagged] = readdirSync(dir);
    expect(tagged).toMatch(/^v\d+\.\d+\.\d+-/);
    expect(readdirSync(path.join(dir, tagged!)).length).toBeGreaterThan(0);
  });

  it("is off with Node's own switch", () => {
    const cacheHome = path.join(home, 'off');
    companion({ HOME: home, XDG_CACHE_HOME: cacheHome, NODE_DISABLE_COMPILE_CACHE: '1' });
    const dir = path.join(cacheHome, 'gateway-companion', 'compile-cache');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it.runIf(posix)('is not kept in a folder others can write, nor through a link', () => {
    const open = path.join(home, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(isPrivateFolder(open)).toBe(false);

    const target = path.join(home, 'elsewhere');
    mkdirSync(target, { mode: 0o700 });
    const link = path.join(home, 'link');
    symlinkSync(target, link);
    expect(isPrivateFolder(link)).toBe(false);

    const linked = path.join(home, 'linked-cache');
    mkdirSync(path.join(linked, 'gateway-companion'), { recursive: true });
    symlinkSync(target, path.join(linked, 'gateway-companion', 'compile-cache'));
    companion({ HOME: home, XDG_CACHE_HOME: linked });
    expect(readdirSync(target)).toEqual([]);

    const fresh = path.join(home, 'fresh', 'a', 'b');
    expect(isPrivateFolder(fresh)).toBe(true);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });
});
