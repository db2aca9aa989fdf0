/** Known-answer vectors from each format's own specification or reference data. */
import { describe, expect, it } from 'vitest';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { checkAddress, checkValidatorId, toChecksumAddress } from './index';
import { base58check } from './formats/base58';
import { encodeSs58 } from './formats/ss58';
import { crc16xmodem } from './formats/ton-address';

describe('BIP-173 / BIP-350 segwit addresses (mainnet forms, as in Bitcoin Core validateaddress tests)', () => {
  const valid = [
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'BC1SW50QGDZ25J',
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
    'bc1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses5wp4dt',
    'bc1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses7epu4h',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    'bc1pfeessrawgf',
  ];
  it.each(valid)('accepts %s and normalises it to lower case', (address) => {
    expect(checkAddress(0, address)).toEqual({ ok: true, value: address.toLowerCase() });
  });

  const invalid: [string, string][] = [
    ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', 'wrong-prefix'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bad-checksum'],
    ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', 'bad-checksum'],
    ['bc1rw5uspcuh', 'bad-checksum'],
    ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', 'bad-checksum'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'bad-length'],
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3t4', 'mixed-case'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', 'bad-checksum'],
    ['bc1qfysxzmfq2phhyarvv9hxgtjgdajxcw3fpkpph893lw', 'bad-length'],
    ['bc1gmk9yu', 'bad-checksum'],
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'wrong-prefix'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'bad-checksum'],
    ['BC1PFYSXZMFQ2PHHYARVV9HXGTJGFAZYCWJYPQQQF9ZLQ6', 'bad-checksum'],
    ['bc1qfysxzmfq2phhyarvv9hxgtjgfazycwjypqqqfm706a', 'bad-checksum'],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'bad-format'],
    ['bc1pw5dgrnzv', 'bad-length'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'bad-length'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'bad-length'],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'bad-char'],
  ];
  it.each(invalid)('rejects %s (%s)', (address, code) => {
    const result = checkAddress(0, address);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe(code);
  });

  it('names testnet addresses as such', () => {
    const result = checkAddress(0, 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7');
    expect(result).toMatchObject({ ok: false, code: 'wrong-network' });
  });
});

describe('base58check (Bitcoin wiki addresses, Tron, Tezos, XRP)', () => {
  it.each(['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'])(
    'accepts Bitcoin %s',
    (a) => {
      expect(checkAddress(0, a)).toEqual({ ok: true, value: a });
    },
  );

  it('decodes Tron USDT to its published hex form 41a614f8…', () => {
    expect(checkValidatorId('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t').ok).toBe(true);
    expect(base58check.encode(hexToBytes('41a614f803b6fd780986a42c78ec9c7f77e6ded13c'))).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('accepts the three Tezos baker kinds found in the registry', () => {
    for (const id of [
      'tz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJHM',
      'tz2FCNBrERXtaTtNX6iimR1UJ5JSDxvdHM93',
      'tz3e75hU4EhDU3ukyJueh5v6UvEHzGwkg3yC',
    ]) {
      expect(checkValidatorId('tezos', id)).toEqual({ ok: true, value: id });
    }
  });

  it.each(['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp', 'rrrrrrrrrrrrrrrrrrrrBZbvji'])(
    'accepts XRP Ledger account %s',
    (a) => {
      expect(checkAddress(144, a)).toEqual({ ok: true, value: a });
    },
  );
});

describe('EIP-55 (examples from the EIP)', () => {
  const mixed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];
  it.each(mixed)('computes and accepts %s', (a) => {
    expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    expect(checkValidatorId('ethereum', a)).toEqual({ ok: true, value: a });
  });
  it.each([
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ])('accepts the single-case example %s, whose checksum form is itself single-case', (a) => {
    expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    expect(checkAddress(60, a)).toEqual({ ok: true, value: a });
  });
  it('rejects a mixed-case address whose capitals do not match', () => {
    expect(checkAddress(60, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toMatchObject({
      ok: false,
      code: 'bad-checksum',
      message: expect.stringContaining('check for a typo'),
    });
  });
  it('checks Wanchain ids with the swapped-case rule and explains an Ethereum-cased one', () => {
    const wan = '0xb5c930beA4383CE7377C8e83c8C8a0eFB505dBe8';
    expect(checkValidatorId('wanchain', wan)).toEqual({ ok: true, value: wan });
    expect(checkValidatorId('ethereum', wan)).toMatchObject({ ok: false, code: 'bad-checksum' });
    const eth = toChecksumAddress(wan);
    expect(checkValidatorId('wanchain', eth)).toMatchObject({
      ok: false,
      code: 'wrong-checksum-variant',
      message: expect.stringContaining(wan),
    });
  });
});

describe('SS58 (Substrate documentation: Alice, public key d43593c7…)', () => {
  const alice = hexToBytes('d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d');
  it('encodes Alice as documented for Polkadot, Kusama and generic Substrate', () => {
    expect(encodeSs58(0, alice)).toBe('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5');
    expect(encodeSs58(2, alice)).toBe('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F');
    expect(encodeSs58(42, alice)).toBe('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY');
  });
  it('accepts each on its own network and names the network otherwise', () => {
    expect(checkAddress(354, '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5').ok).toBe(true);
    expect(checkAddress(434, 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F').ok).toBe(true);
    expect(checkValidatorId('polkadot', 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F')).toMatchObject({
      ok: false,
      code: 'wrong-network',
      message: expect.stringMatching(/Kusama address.*start with 1/),
    });
    expect(checkValidatorId('kusama', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toMatchObject({
      ok: false,
      code: 'wrong-network',
      message: expect.stringContaining('generic Substrate'),
    });
  });
});

describe('TON (CRC-16/XMODEM)', () => {
  it('matches the CRC-16/XMODEM check value', () => {
    expect(crc16xmodem(utf8ToBytes('123456789'))).toBe(0x31c3);
  });
  it('accepts the TON documentation address and its raw form', () => {
    expect(checkAddress(607, 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2').ok).toBe(true);
    expect(checkAddress(607, '0:ED1691307050047117B998B561D8DE82D31FBF84910CED6EB5FC92E7485EF8A7')).toEqual({
      ok: true,
      value: '0:ed1691307050047117b998b561d8de82d31fbf84910ced6eb5fc92e7485ef8a7',
    });
  });
  it('rejects a changed checksum', () => {
    expect(checkAddress(607, 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q3')).toMatchObject({ ok: false, code: 'bad-checksum' });
  });
});
