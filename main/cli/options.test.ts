import { describe, expect, it } from 'vitest';
import { optionsHelp, parseOptions } from './options';

const SPECS = {
  size: { type: 'string', value: 'N', description: 'Side in px', default: '256' },
  chain: { type: 'string', value: 'C', multiple: true, short: 'c', description: 'A chain folder\n(repeat for several)' },
  json: { type: 'boolean', description: 'Print JSON' },
} as const;

describe('parseOptions', () => {
  it('fills in defaults, collects repeated options and reads short aliases', () => {
    expect(parseOptions(SPECS, ['-c', 'cosmos', '--chain', 'tezos', 'root'], true)).toEqual({
      values: { size: '256', chain: ['cosmos', 'tezos'] },
      positionals: ['root'],
    });
    expect(parseOptions(SPECS, ['--size', '128', '--json'], false).values).toEqual({ size: '128', json: true });
  });

  it('refuses unknown options, missing values and, unless allowed, stray arguments', () => {
    expect(() => parseOptions(SPECS, ['--nope'], true)).toThrow(expect.objectContaining({ code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' }));
    expect(() => parseOptions(SPECS, ['--size'], true)).toThrow(expect.objectContaining({ code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' }));
    expect(() => parseOptions(SPECS, ['root'], false)).toThrow(expect.objectContaining({ code: 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' }));
  });
});

describe('optionsHelp', () => {
  it('prints one aligned row per option, with its value, alias and default, then --help', () => {
    expect(optionsHelp(SPECS)).toBe(
      [
        '  --size N       Side in px (default 256)',
        '  -c, --chain C  A chain folder',
        '                 (repeat for several)',
        '  --json         Print JSON',
        '  -h, --help     Show this help.',
      ].join('\n'),
    );
  });
});
