import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkBranchName } from '../../domain/branch-name';
import { driverOverrides } from './git';

describe('driverOverrides', () => {
  it('turns every named filter, diff and merge driver and configured hook into settings that run nothing', () => {
    const result = driverOverrides([
      'filter.lfs.clean',
      'filter.lfs.smudge',
      'filter.lfs.required',
      'filter.My Driver.v2.process',
      'diff.evil.textconv',
      'merge.ours.driver',
      'hook.lint.command',
      'hook.lint.event',
      'diff.external',
      'core.fsmonitor',
    ]);
    expect(result).toEqual({
      ok: true,
      args: [
        ...['filter.lfs.clean=', 'filter.lfs.smudge=', 'filter.lfs.process=', 'filter.lfs.required=false'],
        ...[
          'filter.My Driver.v2.clean=',
          'filter.My Driver.v2.smudge=',
          'filter.My Driver.v2.process=',
          'filter.My Driver.v2.required=false',
        ],
        ...['diff.evil.command=', 'diff.evil.textconv='],
        'merge.ours.driver=',
        ...['hook.lint.command=', 'hook.lint.enabled=false'],
      ].flatMap((setting) => ['-c', setting]),
    });
  });

  it('refuses a name that -c cannot carry, and an absurd number of names', () => {
    expect(driverOverrides(['filter.a=b.clean'])).toMatchObject({ ok: false, reason: expect.stringContaining('filter "a=b"') });
    const many = Array.from({ length: 201 }, (_, i) => `filter.f${i}.clean`);
    expect(driverOverrides(many)).toMatchObject({ ok: false, reason: expect.stringContaining('more than 200') });
    expect(driverOverrides(many.slice(0, 200)).ok).toBe(true);
  });
});

const gitInstalled = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!gitInstalled)('checkBranchName (domain) against git itself', () => {
  it('agrees with git check-ref-format --branch', () => {
    const gitAccepts = (name: string) => {
      try {
        execFileSync('git', ['check-ref-format', '--branch', name], { stdio: 'ignore', cwd: '/' });
        return true;
      } catch {
        return false;
      }
    };
    // "@", "HEAD" and a leading dash are left out: git expands them or refuses them only when switching.
    const names = ['add-my-validator', 'feature/add', 'a', 'v1.2', 'x.lockx', 'ünïcödé', 'user@host', 'refs/heads/x']
      .concat(['bad name', 'tab\there', 'a~1', 'a^', 'a:b', 'what?', 'glob*', '[x', 'back\\slash', 'a..b', 'x@{1}', 'a//b'])
      .concat(['/x', 'x/', 'x.', '.hidden', 'a/.b', 'x.lock', 'a.lock/b', 'del\x7f']);
    for (const name of names) expect(checkBranchName(name).ok, name).toBe(gitAccepts(name));
  });
});
