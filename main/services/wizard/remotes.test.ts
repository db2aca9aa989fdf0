// The clone's remotes as the push hint needs them: names, the repository each points at, which one is
// the upstream registry, no URL (it may carry a token), and nothing the folder's config names is run.
import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { git, removeDir, tempDir } from '../../../registry/test-support';
import { cloneRemotes } from './remotes';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('remotes-test-');
});
afterEach(() => removeDir(dir));

describe('cloneRemotes', () => {
  it('names each remote, the repository it points at, and which one is the upstream registry', async () => {
    git(dir, 'init', '-q');
    git(dir, 'remote', 'add', 'origin', 'https://github.com/trustwallet/assets.git');
    git(dir, 'remote', 'add', 'fork', 'git@github.com:octo-operator/assets.git');
    git(dir, 'remote', 'add', 'mirror', 'https://someone:ghp_secret@github.com/TrustWallet/Assets');
    git(dir, 'remote', 'add', 'odd', '/srv/not-a-repository-name');
    const remotes = await cloneRemotes(dir, 'trustwallet/assets');
    expect(remotes).toEqual([
      { name: 'origin', repository: 'trustwallet/assets', upstream: true },
      { name: 'fork', repository: 'octo-operator/assets', upstream: false },
      { name: 'mirror', repository: 'trustwallet/assets', upstream: true },
      { name: 'odd', repository: null, upstream: false },
    ]);
    expect(JSON.stringify(remotes)).not.toContain('ghp_secret');
    // Another upstream (a test repository): the registry's own remote is then just a remote.
    expect((await cloneRemotes(dir, 'octo-operator/assets')).filter((r) => r.upstream).map((r) => r.name)).toEqual(['fork']);
  });

  it('is empty for a folder that is not a git checkout, and for a clone without remotes', async () => {
    expect(await cloneRemotes(dir, 'trustwallet/assets')).toEqual([]);
    git(dir, 'init', '-q');
    expect(await cloneRemotes(dir, 'trustwallet/assets')).toEqual([]);
  });

  it('runs no program the folder’s configuration names', async () => {
    git(dir, 'init', '-q');
    git(dir, 'remote', 'add', 'fork', 'https://github.com/octo-operator/assets.git');
    const marker = join(dir, 'ran');
    const program = join(dir, 'program.sh');
    await writeFile(program, `#!/bin/sh\ntouch '${marker}'\nexit 1\n`);
    await chmod(program, 0o755);
    git(dir, 'config', 'core.fsmonitor', program);
    git(dir, 'config', 'core.pager', program);
    expect(await cloneRemotes(dir, 'trustwallet/assets')).toEqual([{ name: 'fork', repository: 'octo-operator/assets', upstream: false }]);
    expect(existsSync(marker)).toBe(false);
    // Control: plain git in the same folder does run it.
    try {
      git(dir, 'status');
    } catch {
      // The program fails on purpose; only the marker matters.
    }
    expect(existsSync(marker)).toBe(true);
  });
});
