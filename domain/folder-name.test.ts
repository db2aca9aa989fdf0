import { describe, expect, it } from 'vitest';
import { folderNameProblem, isPortableFolderName } from './folder-name';
import { checkValidatorId } from './registry-chains';

describe('folderNameProblem', () => {
  it.each([
    ['', /is empty/],
    ['.', /itself or its parent/],
    ['..', /itself or its parent/],
    ['.git', /git's own folder/],
    ['.Git', /git's own folder/],
    ['CON', /device name Windows reserves/],
    ['con.png', /device name Windows reserves/],
    ['prn', /device name/],
    ['Aux.tar.gz', /device name/],
    ['NUL', /device name/],
    ['com1', /device name/],
    ['COM9.txt', /device name/],
    ['lpt1', /device name/],
    ['LPT9', /device name/],
    [' lead', /starts or ends with a space/],
    ['trail ', /starts or ends with a space/],
    ['trail.', /starts or ends with a dot/],
    ['.lead', /starts or ends with a dot/],
    ['a\u0000b', /control character \(U\+0000\)/],
    ['a\nb', /control character \(U\+000A\)/],
    ['a\u007fb', /control character \(U\+007F\)/],
    ...['/', '\\', ':', '*', '?', '"', '<', '>', '|'].map((c): [string, RegExp] => [
      `a${c}b`,
      /cannot be in a folder name on every system/,
    ]),
    ['x'.repeat(201), /longer than 200 characters/],
  ])('refuses %j', (name, why) => {
    expect(folderNameProblem(name)).toMatch(why);
    expect(isPortableFolderName(name)).toBe(false);
  });

  it.each(['cosmosvaloper1abc', 'longz', 'console', 'com10', 'lpt0', 'a.b', 'x'.repeat(200), 'nul-validator', 'my.pool.near'])(
    'accepts %j',
    (name) => {
      expect(folderNameProblem(name)).toBeNull();
    },
  );

  it('is applied by the validator id check, which the wizard and the CLI use: an IoTeX delegate may not be named "con"', () => {
    expect(checkValidatorId('iotex', 'longz')).toEqual({ ok: true, value: 'longz' });
    expect(checkValidatorId('iotex', 'CON')).toMatchObject({
      ok: false,
      code: 'not-portable',
      message: expect.stringMatching(/device name Windows reserves/),
    });
    expect(checkValidatorId('iotex', 'com1')).toMatchObject({ ok: false, code: 'not-portable' });
  });
});
