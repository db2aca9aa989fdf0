import { describe, expect, it } from 'vitest';
import { bech32, bech32m } from '@scure/base';
import { concatBytes } from '@noble/hashes/utils.js';
import { COINS, checkAddress, checkContract, describeAddressFormat } from './index';
import { base58check } from './formats/base58';

const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
const b58 = (version: number[], payload: Uint8Array) => base58check.encode(concatBytes(Uint8Array.from(version), payload));

/** One valid address per gateway coin: published ones where we have them, library-encoded otherwise. */
const VALID: Readonly<Record<number, string>> = {
  0: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  2: b58([0x30], bytes(20, 7)),
  3: b58([0x1e], bytes(20, 7)),
  10: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  60: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  118: bech32.encode('cosmos', bech32.toWords(bytes(20, 9))),
  137: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  144: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  195: 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH',
  354: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
  434: 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F',
  501: '11111111111111111111111111111111',
  607: 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2',
  637: '0x8f396e4246b2ba87b51c0739ef5ea4f26515a98375308c31ac2ec1e42142a57f',
  714: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  784: '0x61953ea72709eed72f4441dd944eec49a11b4acabfc8e04015e89c63be81b6ab',
  1729: 'tz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJHM',
  8453: '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  42161: '0x52908400098527886E0F7030069857D2E4169EE7',
  43114: '0xde709f2102306220921060314715629080e2fb77',
};

describe('checkAddress', () => {
  it('has a valid example for every gateway coin, accepted under its id and every alias', () => {
    for (const coin of COINS) {
      const address = VALID[coin.id];
      expect(address, `example for ${coin.name}`).toBeDefined();
      for (const n of [coin.id, ...coin.aliases])
        expect(checkAddress(n, address as string), `${coin.name} (${n})`).toMatchObject({ ok: true });
      expect(describeAddressFormat(coin.id)).toMatch(/addresses/);
    }
  });

  it.each([
    [2, 'ltc1 segwit', bech32.encode('ltc', [0, ...bech32.toWords(bytes(20, 1))])],
    [2, 'M… P2SH', b58([0x32], bytes(20, 2))],
    [3, 'A… P2SH', b58([0x16], bytes(20, 2))],
    [118, '32-byte account', bech32.encode('cosmos', bech32.toWords(bytes(32, 3)))],
    [1729, 'tz4', b58([6, 161, 166], bytes(20, 4))],
    [1729, 'KT1 contract', 'KT1PWx2mnDueood7fEmfbBDKx1D9BAnnXitn'],
    [607, 'raw masterchain', `-1:${'ab'.repeat(32)}`],
    [0, 'taproot', bech32m.encode('bc', [1, ...bech32m.toWords(bytes(32, 5))])],
  ])('accepts coin %i %s', (coin, _kind, address) => {
    expect(checkAddress(coin, address)).toMatchObject({ ok: true });
  });

  it.each([
    [
      0,
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      'wrong-prefix',
      'this looks like an Ethereum-style (0x…) address, not a Bitcoin address; Bitcoin addresses start with 1, 3 or bc1',
    ],
    [501, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'bad-char', /not a Solana address; Solana addresses are base58 keys/],
    [60, 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH', 'wrong-prefix', /looks like a Tron address, not an Ethereum address/],
    [2, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'wrong-prefix', /Litecoin addresses start with L, M, 3 or ltc1/],
    [0, 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'wrong-network', /testnet/],
    [
      118,
      'osmo1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q',
      'wrong-prefix',
      'this is an osmo address; Cosmos Hub addresses start with cosmos1',
    ],
    [118, 'cosmosvaloper1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q', 'wrong-prefix', /validator operator address, not a wallet address/],
    [144, 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi', 'wrong-format', /X-address.*classic address/],
    [144, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTx', 'bad-checksum', 'checksum does not match — check for a typo'],
    [195, 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYh', 'bad-checksum', 'checksum does not match — check for a typo'],
    [1729, 'tz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJHm', 'bad-checksum', 'checksum does not match — check for a typo'],
    [607, 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q', 'bad-length', /47 characters long, but TON addresses have 48/],
    [607, `0:${'ab'.repeat(31)}`, 'bad-length', /62 hexadecimal characters/],
    [637, '0x1', 'bad-length', /1 hexadecimal characters after 0x, but Aptos addresses have 64/],
    [99, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'unknown-coin', /coin 99 is not one the gateway serves/],
  ])('coin %i rejects %s (%s)', (coin, address, code, message) => {
    const result = checkAddress(coin, address);
    expect(result).toMatchObject({ ok: false, code });
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('checkContract', () => {
  it('returns EVM contracts in EIP-55 case and base58 ones verbatim', () => {
    expect(checkContract(60, '0xdac17f958d2ee523a2206206994597c13d831ec7')).toEqual({
      ok: true,
      value: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    });
    expect(checkContract(966, '0xdac17f958d2ee523a2206206994597c13d831ec7').ok).toBe(true);
    expect(checkContract(501, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toEqual({
      ok: true,
      value: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    });
  });

  it('accepts the Move coin-type and object forms for Aptos and Sui', () => {
    expect(checkContract(637, '0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa::asset::USDC').ok).toBe(true);
    expect(checkContract(637, `0x${'a'.repeat(64)}`).ok).toBe(true);
    expect(checkContract(784, '0x2::sui::9SUI')).toMatchObject({ ok: false, message: expect.stringContaining('not a valid type name') });
  });

  it('says which chains have no token contracts', () => {
    for (const coin of [0, 2, 3, 144, 354, 434]) expect(checkContract(coin, 'anything')).toMatchObject({ ok: false, code: 'no-tokens' });
  });
});
