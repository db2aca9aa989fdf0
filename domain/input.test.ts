/** Bad input: every check returns a clear error and never throws. */
import { describe, expect, it } from 'vitest';
import { REGISTRY_CHAINS, checkAddress, checkContract, checkValidatorId, parseAssetId, COINS } from './index';

const HUGE = 'cosmosvaloper1'.padEnd(10_240, 'q');

const BAD_INPUTS: readonly (readonly [string, unknown, string])[] = [
  ['empty', '', 'empty'],
  ['only spaces', '   ', 'empty'],
  ['a trailing newline', 'abc\n', 'whitespace'],
  ['a leading tab', '\tabc', 'whitespace'],
  ['an inner space', 'ab c', 'whitespace'],
  ['a non-breaking space', 'ab\u00a0c', 'whitespace'],
  ['a zero-width space', 'ab\u200bc', 'invisible-char'],
  ['a byte-order mark', '\ufeffabc', 'invisible-char'],
  ['a control character', 'ab\u0007c', 'control-char'],
  ['a Cyrillic lookalike', 'cosmosvaloper1у0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q', 'non-ascii'],
  ['a Greek lookalike', 'tz1NMNQYrYrfNpmUqQrMhJypf6ονnaDZhJHM', 'non-ascii'],
  ['fullwidth digits', '０x2401c39d7ba9E283668a53fcC7B8F5FD9e716fdf', 'non-ascii'],
  ['an emoji', 'abc🙂', 'non-ascii'],
  ['a lone surrogate', 'ab\ud800c', 'non-ascii'],
  ['a 10 kB string', HUGE, 'too-long'],
  ['a number instead of text', 42, 'not-text'],
  ['null', null, 'not-text'],
];

describe('bad input never throws and is explained', () => {
  it.each(BAD_INPUTS)('%s', (_label, input, code) => {
    for (const chain of REGISTRY_CHAINS) {
      const result = checkValidatorId(chain.slug, input as string);
      expect(result).toMatchObject({ ok: false, code });
      if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
    }
    for (const coin of COINS) {
      expect(checkAddress(coin.id, input as string)).toMatchObject({ ok: false, code });
      expect(checkContract(coin.id, input as string)).toMatchObject({ ok: false, code });
    }
    expect(parseAssetId(input as string)).toMatchObject({ ok: false, code });
  });

  it('names the lookalike character, its position and the Latin letter it imitates', () => {
    const result = checkValidatorId('cosmos', 'cosmosvaloper1у0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q');
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/character 15 \("у"\) looks like the Latin "y"/) });
  });

  it('rejects mixed-case bech32 with a message that says to use lower case', () => {
    const result = checkValidatorId('cosmos', 'cosmosvaloper1Y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q');
    expect(result).toMatchObject({ ok: false, code: 'mixed-case', message: expect.stringContaining('lower case') });
  });

  it('accepts all-upper-case bech32 and returns it in lower case', () => {
    const id = 'cosmosvaloper1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q';
    expect(checkValidatorId('cosmos', id.toUpperCase())).toEqual({ ok: true, value: id });
  });

  it('survives random garbage of every length for every chain and coin', () => {
    let seed = 1;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const alphabet = 'abcxyzABCXYZ0123456789_:./-#1qpT3\u00e9\u0430 ';
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: next() % 90 }, () => alphabet[next() % alphabet.length]).join('');
      for (const chain of REGISTRY_CHAINS) expect(() => checkValidatorId(chain.slug, text)).not.toThrow();
      for (const coin of COINS) {
        expect(() => checkAddress(coin.id, text)).not.toThrow();
        expect(() => checkContract(coin.id, text)).not.toThrow();
      }
      expect(() => parseAssetId(`c60_t${text}`)).not.toThrow();
    }
  });
});
