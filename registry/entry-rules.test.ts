import { describe, expect, it } from 'vitest';
import { checkEntries, checkEntry } from './entry-rules';
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
      staking: { minDelegation: 0.5 },
      status: { disabled: false, note: 'ok' },
    });
    expect(checkEntry('cosmos', entry)).toEqual([]);
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
    expect(await with_({ staking: { minDelegation: 1, freeSpace: 2 }, logo: 'x' })).toEqual(['field-unknown', 'field-unknown']);
  });

  it('skips id formats for a chain folder the domain does not know, but still checks everything else', () => {
    expect(codes({ id: 'anything', name: 'n', description: 'd', website: 'https://e.org' }, 'notachain')).toEqual([]);
    expect(codes({ id: 'a/b', name: 'n', description: 'd', website: 'https://e.org' }, 'notachain')).toEqual(['id-invalid']);
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
    }));
    const findings = checkEntries('cosmos', [a, await valid({ id: await newValoperId('cosmosvaloper', 9) }), a], spans);
    expect(findings.map((f) => [f.code, f.line, f.column, f.id])).toEqual([['id-duplicate', 23, 15, a.id]]);
  });
});
