import { describe, expect, it } from 'vitest';
import { checkBranchName } from './branch-name';

const GOOD = [
  'add-my-validator',
  'feature/add-validator',
  'a',
  'v1.2',
  'UPPER_and_lower',
  'a/b/c',
  'user@host',
  'ünïcödé',
  'x.lockx',
  'refs/heads/x',
];
const BAD: readonly (readonly [string, RegExp])[] = [
  ['', /empty/],
  ['   ', /empty/],
  ['bad name', /a space/],
  ['tab\there', /control character/],
  ['a~1', /tilde/],
  ['a^', /caret/],
  ['a:b', /colon/],
  ['what?', /question mark/],
  ['glob*', /asterisk/],
  ['[x', /opening bracket/],
  ['back\\slash', /backslash/],
  ['a..b', /two dots/],
  ['x@{1}', /@\{/],
  ['a//b', /two slashes/],
  ['-x', /starts with a dash/],
  ['/x', /slash/],
  ['x/', /slash/],
  ['x.', /ends with a dot/],
  ['@', /lone @/],
  ['HEAD', /HEAD/],
  ['.hidden', /starts with a dot/],
  ['a/.b', /starts with a dot/],
  ['x.lock', /ends with \.lock/],
  ['a.lock/b', /ends with \.lock/],
  ['x'.repeat(201), /longer than 200/],
];

describe('checkBranchName', () => {
  it.each(GOOD)('accepts %s', (name) => expect(checkBranchName(name)).toEqual({ ok: true, value: name }));

  it.each(BAD)('refuses %j in plain words', (name, why) => {
    const check = checkBranchName(name);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.code).toBe('bad_branch');
    expect(check.message).toMatch(why);
    expect(check.message).toMatch(/cannot be a branch name: .*for example add-my-validator\.$/);
  });

  it('trims the name', () => expect(checkBranchName('  add-x \n')).toEqual({ ok: true, value: 'add-x' }));
});
