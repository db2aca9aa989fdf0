import { describe, expect, it } from 'vitest';
import { checkEntries, checkEntry } from './entry-rules';
import { parseList } from './list-reader';
import { newValoperId } from './test-support';

const valid = async (extra: Record<string, unknown> = {}) => ({
  id: await newValoperId(),
  name: 'Example',
  description: 'A validator.',
  website: 'https://example.org',
  ...extra,
});
const codes = (entry: unknown, chain = 'cosmos') => checkEntry(chain, entry).map((f) => f.code);

describe('checkEntry', () => {
  it('accepts a complete valid entry with all optional objects', async () => {
    const entry = await valid({
      payout: { commission: 10, payoutDelay: 0, payoutPeriod: 1 },
      staking: { minDelegation: 500, freeSpace: 12000, openForDelegation: true },
      status: { disabled: false, note: 'ok' },
    });
    expect(checkEntry('cosmos', entry)).toEqual([]);
  });

  it('errs where the registry CI, decoding into typed Go structs, would fail, and names each number as written', async () => {
    const entry = await valid();
    const text = `[{"id": "${entry.id}", "name": "Example", "description": "A validator.", "website": "https://example.org",
      "payout": {"commission": 1e400, "payoutDelay": 9223372036854775808, "payoutPeriod": 1.0},
      "staking": {"minDelegation": 1.5, "freeSpace": "lots", "openForDelegation": "yes"}}]`;
    const doc = parseList(Buffer.from(text), { path: 'list.json', chain: 'cosmos' });
    const findings = checkEntries('cosmos', doc.entries, doc.spans, 'list.json');
    expect(findings.map((f) => [f.code, f.severity, f.field, f.message])).toEqual([
      [
        'commission-invalid',
        'error',
        'payout.commission',
        "payout.commission must be a number from 0 to 100 (the percentage, 10 means 10%), but it is 1e400: 1e400 is too large to be read as a number at all (the largest is about 1.8e308), and the registry's CI rejects it.",
      ],
      [
        'payout-period-invalid',
        'error',
        'payout.payoutDelay',
        "payout.payoutDelay must be a whole number of cycles, 0 or more, but it is 9223372036854775808: 9223372036854775808 is outside the range of a 64-bit whole number (-9223372036854775808 to 9223372036854775807). The registry's CI reads it as a 64-bit whole number and rejects the file.",
      ],
      [
        'payout-period-invalid',
        'error',
        'payout.payoutPeriod',
        "payout.payoutPeriod must be a whole number of cycles, 0 or more, but it is 1.0: 1.0 is not a whole number written as digits (no decimal point, no exponent). The registry's CI reads it as a 64-bit whole number and rejects the file.",
      ],
      [
        'min-delegation-invalid',
        'error',
        'staking.minDelegation',
        "staking.minDelegation must be a whole number, 0 or more (the minimum amount to delegate, in the chain's whole units), but it is 1.5: 1.5 is not a whole number written as digits (no decimal point, no exponent). The registry's CI reads it as a 64-bit whole number and rejects the file.",
      ],
      [
        'staking-invalid',
        'error',
        'staking.freeSpace',
        `staking.freeSpace must be a whole number, but it is the text "lots", not a number. The registry's CI cannot read it and rejects the file.`,
      ],
      [
        'staking-invalid',
        'error',
        'staking.openForDelegation',
        `staking.openForDelegation must be true or false (without quotes), but it is the text "yes", not true or false (without quotes). The registry's CI cannot read it and rejects the file.`,
      ],
    ]);
    // The largest 64-bit value itself is fine, as is a form value without its text.
    expect(codes({ ...entry, payout: { payoutDelay: 9007199254740991 }, staking: { minDelegation: 10, freeSpace: 0 } })).toEqual([]);
    expect(codes({ ...entry, payout: { commission: Infinity } })).toEqual(['commission-invalid']);
  });

  it('reports ids of a chain folder it does not know as unchecked', () => {
    expect(
      checkEntry('bsc', { id: 'anything', name: 'N', description: 'D.', website: 'https://example.org' }).map((f) => [f.code, f.message]),
    ).toEqual([
      [
        'id-unchecked',
        '"anything" was not checked: "bsc" is not one of the registry\'s chains, so its id format is unknown. Check the chain folder\'s name (for example "smartchain", not "bsc").',
      ],
    ]);
  });

  it('requires the four text fields and names each missing or mistyped one, with its field for forms', () => {
    const findings = checkEntry('cosmos', { id: 5, name: 'x' });
    expect(findings.map((f) => [f.code, f.field])).toEqual([
      ['field-type', 'id'],
      ['field-missing', 'description'],
      ['field-missing', 'website'],
    ]);
    expect(findings[0]!.message).toBe('"id" must be text in double quotes, but it is a number.');
    expect(codes('just text')).toEqual(['entry-not-object']);
    expect(codes([1])).toEqual(['entry-not-object']);
  });

  it('validates the id with the shared domain module: checksum, prefix, normal form, uniqueness', async () => {
    const id = await newValoperId();
    const typo = id.slice(0, -1) + (id.endsWith('q') ? 'p' : 'q');
    expect(codes(await valid({ id: typo }))).toEqual(['id-invalid']);
    const band = checkEntry('umee', await valid({ id: await newValoperId('bandvaloper') }));
    expect(band.map((f) => f.code)).toEqual(['id-invalid']);
    expect(band[0]!.message).toMatch(/not a valid Umee validator id/);
    expect(codes(await valid({ id: id.toUpperCase() }))).toEqual(['id-not-normalised']);
    expect(checkEntry('cosmos', await valid({ id }), { existingIds: new Set([id]) }).map((f) => f.code)).toEqual(['id-duplicate']);
    expect(codes(await valid({ id: '' }))).toEqual(['id-invalid']);
  });

  it('checks names and descriptions: empty, too long, hidden characters, spaces around', async () => {
    expect(codes(await valid({ name: ' ', description: '' }))).toEqual(['name-empty', 'description-empty']);
    expect(codes(await valid({ name: 'N'.repeat(51), description: 'd'.repeat(501) }))).toEqual(['name-too-long', 'description-too-long']);
    const hidden = checkEntry('cosmos', await valid({ name: 'Blue\u200bLotus', description: 'Line one\nline two' }));
    expect(hidden.map((f) => [f.code, f.field])).toEqual([
      ['text-zero-width', 'name'],
      ['text-control-characters', 'description'],
    ]);
    expect(hidden[0]!.message).toMatch(/a zero-width space \(U\+200B\) after "Blue"/);
    expect(hidden[1]!.message).toMatch(/a line break \(U\+000A\) after "Line one"/);
    expect(codes(await valid({ name: 'BlueLotus 👩‍💻' }))).toEqual(['text-emoji-joiner']);
    expect(codes(await valid({ description: 'Right\u202eto left' }))).toEqual(['text-control-characters']);
    expect(codes(await valid({ name: 'Spaced ' }))).toEqual(['text-whitespace']);
  });

  it('checks websites: no scheme, misspelt scheme, plain http, not a URL', async () => {
    const site = async (website: string) => codes(await valid({ website }));
    expect(await site('pops.one')).toEqual(['website-no-scheme']);
    expect(await site('hhttps://www.coinbase.com/cloud')).toEqual(['website-invalid']);
    expect(await site('http://stake.zone')).toEqual(['website-not-https']);
    expect(await site('')).toEqual(['website-invalid']);
    expect(await site('https://exa mple.com')).toEqual(['website-invalid']);
    expect(await site('https://localhost')).toEqual(['website-invalid']);
    expect(await site('https://user:pw@example.com')).toEqual(['website-invalid']);
    expect(await site('ftp://example.com')).toEqual(['website-invalid']);
    expect(await site('not a website')).toEqual(['website-invalid']);
    expect(await site('https://example.com/path?q=1')).toEqual([]);
    const [hint] = checkEntry('cosmos', await valid({ website: 'hhttps://www.coinbase.com/cloud' }));
    expect(hint!.message).toMatch(/Did you mean "https:\/\/"\?/);
  });

  it('checks payout, staking and status values', async () => {
    const with_ = async (extra: Record<string, unknown>) => codes(await valid(extra));
    expect(await with_({ payout: { commission: 14.99 } })).toEqual(['commission-not-integer']);
    expect(await with_({ payout: { commission: 101 } })).toEqual(['commission-invalid']);
    expect(await with_({ payout: { commission: '5' } })).toEqual(['commission-invalid']);
    expect(await with_({ payout: { payoutDelay: -1, payoutPeriod: 1.5 } })).toEqual(['payout-period-invalid', 'payout-period-invalid']);
    expect(await with_({ staking: { minDelegation: -3 } })).toEqual(['min-delegation-invalid']);
    expect(await with_({ status: { disabled: 'yes', note: 3 } })).toEqual(['status-invalid', 'status-invalid']);
    expect(await with_({ payout: 5 })).toEqual(['field-type']);
    // freeSpace and openForDelegation are fields of the format (typed in the registry's CI), not unknown.
    expect(await with_({ staking: { minDelegation: 1, freeSpace: 2, openForDelegation: false, maxDelegation: 3 }, logo: 'x' })).toEqual([
      'field-unknown',
      'field-unknown',
    ]);
  });

  it('reports ids as unchecked in a chain folder the domain does not know, but still checks everything else', () => {
    expect(codes({ id: 'anything', name: 'n', description: 'd', website: 'https://e.org' }, 'notachain')).toEqual(['id-unchecked']);
    expect(codes({ id: 'a/b', name: 'n', description: 'd', website: 'https://e.org' }, 'notachain')).toEqual([
      'id-unchecked',
      'id-invalid',
    ]);
  });
});

describe('checkEntries', () => {
  it('flags the second occurrence of an id, with its position', async () => {
    const a = await valid();
    const spans = [0, 1, 2].map((i) => ({
      start: 0,
      end: 0,
      line: 10 * i + 2,
      fields: { id: { line: 10 * i + 3, column: 15 } },
      duplicateKeys: [],
      numbers: {},
    }));
    const findings = checkEntries('cosmos', [a, await valid({ id: await newValoperId('cosmosvaloper', 9) }), a], spans);
    expect(findings.map((f) => [f.code, f.line, f.column, f.id])).toEqual([['id-duplicate', 23, 15, a.id]]);
  });
});
