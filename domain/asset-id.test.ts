import { describe, expect, it } from 'vitest';
import { COINS, formatAssetId, getCoin, normalizeCoinId, parseAssetId } from './index';

describe('coin catalog', () => {
  it('has the spec ids for the spec chains', () => {
    const spec: Record<number, string> = {
      0: 'Bitcoin',
      60: 'Ethereum',
      714: 'BNB Smart Chain',
      501: 'Solana',
      137: 'Polygon',
      43114: 'Avalanche C-Chain',
      42161: 'Arbitrum',
      10: 'Optimism',
      8453: 'Base',
    };
    for (const [id, name] of Object.entries(spec)) expect(getCoin(Number(id))?.name).toBe(name);
  });

  it('has the other chains the reference gateway serves, with their SLIP-44 numbers', () => {
    const more: Record<number, string> = {
      195: 'Tron',
      118: 'Cosmos Hub',
      2: 'Litecoin',
      3: 'Dogecoin',
      607: 'TON',
      637: 'Aptos',
      784: 'Sui',
      144: 'XRP Ledger',
      1729: 'Tezos',
      354: 'Polkadot',
    };
    for (const [id, name] of Object.entries(more)) expect(getCoin(Number(id))?.name).toBe(name);
  });

  it('resolves the Wallet Core aliases to the spec ids', () => {
    expect(normalizeCoinId(20000714)).toBe(714);
    expect(normalizeCoinId(966)).toBe(137);
    expect(normalizeCoinId(10009000)).toBe(43114);
    expect(normalizeCoinId(10042221)).toBe(42161);
    expect(normalizeCoinId(10000070)).toBe(10);
    expect(getCoin(20000714)?.id).toBe(714);
    expect(normalizeCoinId(1)).toBeUndefined();
    expect(normalizeCoinId(Number.NaN)).toBeUndefined();
  });

  it('has unique ids and aliases, sorted by id, with an EVM chain id for every EVM coin', () => {
    const numbers = COINS.flatMap((c) => [c.id, ...c.aliases]);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(COINS.map((c) => c.id)).toEqual([...COINS.map((c) => c.id)].sort((a, b) => a - b));
    for (const c of COINS) expect(c.family === 'evm').toBe(c.evmChainId !== undefined);
  });
});

describe('parseAssetId / formatAssetId', () => {
  it.each([
    ['c60', { coin: 60 }],
    ['c0', { coin: 0 }],
    ['c20000714', { coin: 714 }],
    ['c966', { coin: 137 }],
    ['c60_t0xdac17f958d2ee523a2206206994597c13d831ec7', { coin: 60, token: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }],
    ['c20000714_t0x55d398326f99059ff775485246999027b3197955', { coin: 714, token: '0x55d398326f99059fF775485246999027B3197955' }],
    ['c501_tEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', { coin: 501, token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }],
    ['c195_tTR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', { coin: 195, token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
    ['c637_t0x1::aptos_coin::AptosCoin', { coin: 637, token: '0x1::aptos_coin::AptosCoin' }],
    ['c784_t0x2::sui::SUI', { coin: 784, token: '0x2::sui::SUI' }],
    ['c1729_tKT1PWx2mnDueood7fEmfbBDKx1D9BAnnXitn', { coin: 1729, token: 'KT1PWx2mnDueood7fEmfbBDKx1D9BAnnXitn' }],
    ['c607_tEQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2', { coin: 607, token: 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2' }],
    [
      'c118_tibc/27394fb092d2eccd56123c74f36e4c1f926001ceada9ca97ea622b25f41e5eb2',
      { coin: 118, token: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2' },
    ],
  ])('parses %s', (input, expected) => {
    expect(parseAssetId(input)).toEqual({ ok: true, value: expected });
  });

  it('round-trips: format(parse(x)) is the canonical form', () => {
    expect(formatAssetId({ coin: 60, token: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).toBe(
      'c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7',
    );
    expect(formatAssetId({ coin: 20000714 })).toBe('c714');
    for (const input of [
      'c10000070',
      'c501_tEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      'c60_t0xdac17f958d2ee523a2206206994597c13d831ec7',
    ]) {
      const parsed = parseAssetId(input);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(parseAssetId(formatAssetId(parsed.value))).toEqual(parsed);
    }
  });

  it('keeps base58 contracts case-sensitive', () => {
    expect(parseAssetId('c501_tepjfwdd5aufqssqem2qn1xzybapc8g4wegGkZwyTDt1v')).toMatchObject({ ok: false, code: 'bad-length' });
    expect(parseAssetId('c195_ttr7nhqjekqxgtci8q8zy4pl8otszgjlj6t')).toMatchObject({ ok: false, code: 'wrong-prefix' });
  });

  it.each([
    ['C60', 'bad-asset-id', /start with a small c/],
    ['60', 'bad-asset-id', /put a c before the coin number, e\.g\. c60/],
    ['eth', 'bad-asset-id', /asset ids look like c60/],
    ['c', 'bad-asset-id', /a coin number must follow the c/],
    ['c060', 'bad-asset-id', /leading zero — write c60/],
    ['c9999', 'unknown-coin', /coin 9999 is not one the gateway serves; known coins: 0 Bitcoin/],
    ['c99999999999999999999', 'unknown-coin', /is not one the gateway serves/],
    ['c60_', 'stray-separator', /stray "_" at the end/],
    ['c60__t0xdac17f958d2ee523a2206206994597c13d831ec7', 'stray-separator', /one underscore/],
    ['c60_t_0xdac17f958d2ee523a2206206994597c13d831ec7', 'stray-separator', /stray "_" after "_t"/],
    ['c60_t', 'missing-contract', /contract is missing/],
    ['c60t0xdac17f958d2ee523a2206206994597c13d831ec7', 'bad-asset-id', /missing "_" before t/],
    ['c60_T0xdac17f958d2ee523a2206206994597c13d831ec7', 'bad-asset-id', /small t/],
    ['c60_0xdac17f958d2ee523a2206206994597c13d831ec7', 'bad-asset-id', /followed by t/],
    ['c60-t0xdac17f958d2ee523a2206206994597c13d831ec7', 'bad-asset-id', /unexpected "-"/],
    ['c60_t0xdac17f958d2ee523a2206206994597c13d831ec', 'bad-length', /39 characters after 0x/],
    ['c60_t0xdAC17F958D2ee523a2206206994597C13D831ec8', 'bad-checksum', /checksum/],
    ['c501_t0xdac17f958d2ee523a2206206994597c13d831ec7', 'bad-char', /never appears in Solana token mints/],
    ['c0_tabc', 'no-tokens', /Bitcoin has no token contracts.*use c0/],
    ['c637_t0x1::aptos_coin', 'bad-format', /exactly two "::"/],
    ['c1729_ttz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJHM', 'wrong-prefix', /Tezos token contracts start with KT1/],
    ['c118_tibc/XYZ', 'bad-char', /IBC denoms/],
    ['c60 ', 'whitespace', /remove it/],
  ])('rejects %s (%s)', (input, code, message) => {
    const result = parseAssetId(input);
    expect(result).toMatchObject({ ok: false, code });
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
