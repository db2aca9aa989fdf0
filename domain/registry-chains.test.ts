import { describe, expect, it } from 'vitest';
import { REGISTRY_CHAINS, checkValidatorId, getRegistryChain, suggestChainSlug } from './index';

// The 52 chain folders listed in ../shared/notes/registry-rules.md.
const SLUGS = `agoric akash aptos axelar band binance cardano comdex coreum cosmos crescent cryptoorg elrond ethereum fetch
harmony iotex iris juno kava kujira kusama loom mars nativecanto nativeevmos nativeinjective near ontology
osmosis persistence polkadot quasar secret sei smartchain solana sommelier stargaze stride sui teritori terra
terrav2 tezos tia tron umee vechain wanchain waves zetachain`.split(/\s+/);

describe('registry chain catalog', () => {
  it('has exactly the 52 registry chains, sorted by slug', () => {
    expect(REGISTRY_CHAINS.map((c) => c.slug)).toEqual([...SLUGS].sort());
    expect(REGISTRY_CHAINS).toHaveLength(52);
  });

  it('uses the display names from the registry notes', () => {
    const names = Object.fromEntries(REGISTRY_CHAINS.map((c) => [c.slug, c.name]));
    expect(names).toMatchObject({
      cryptoorg: 'Crypto.org',
      elrond: 'MultiversX',
      fetch: 'Fetch.ai',
      iris: 'IRISnet',
      nativecanto: 'Canto',
      nativeevmos: 'Evmos',
      nativeinjective: 'Injective',
      secret: 'Secret Network',
      smartchain: 'BNB Smart Chain',
      binance: 'BNB Beacon Chain',
      terra: 'Terra Classic',
      terrav2: 'Terra',
      tia: 'Celestia',
    });
  });

  it.each(REGISTRY_CHAINS.map((c) => [c.slug, c] as const))('%s: the example id passes its own check unchanged', (slug, chain) => {
    expect(chain.idFormat.length).toBeGreaterThan(5);
    expect(checkValidatorId(slug, chain.exampleId)).toEqual({ ok: true, value: chain.exampleId });
  });

  it('marks the two chains whose registry lists are empty as illustrative examples', () => {
    expect(REGISTRY_CHAINS.filter((c) => !c.exampleFromRegistry).map((c) => c.slug)).toEqual(['ontology', 'vechain']);
  });

  it('looks chains up by slug only', () => {
    expect(getRegistryChain('tezos')?.name).toBe('Tezos');
    expect(getRegistryChain('Tezos')).toBeUndefined();
    expect(getRegistryChain('constructor')).toBeUndefined();
  });
});

describe('validator id messages a non-programmer can act on', () => {
  const cases: readonly (readonly [slug: string, id: string, code: string, message: string | RegExp])[] = [
    [
      'umee',
      'bandvaloper1hdw8pzr79y4at0teak0mwcrjhv3e6n3wegfv2m',
      'wrong-prefix',
      'this is a bandvaloper address (Band Protocol); Umee validator ids start with umeevaloper1',
    ],
    [
      'cosmos',
      'cosmos1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q',
      'wrong-prefix',
      /wallet address \(cosmos1…\), not a validator operator address; .*start with cosmosvaloper1/,
    ],
    ['cosmos', 'cosmosvalcons1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q', 'wrong-prefix', /consensus-key address/],
    ['cryptoorg', 'cro1u5ryf5jwc2jhd9xyvmasfqzacxp03v8dcj8xry', 'wrong-prefix', /wallet address \(cro1…\)/],
    ['cosmos', 'cosmosvaloper1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7z', 'bad-checksum', 'checksum does not match — check for a typo'],
    [
      'cosmos',
      'cosmosvaloper1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7',
      'bad-length',
      /51 characters long, but Cosmos Hub validator ids have 52 — a character is missing/,
    ],
    ['cosmos', 'cosmosvaloper1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztvb7q', 'bad-char', /character 50 \(b\)/],
    ['tezos', 'KT1PWx2mnDueood7fEmfbBDKx1D9BAnnXitn', 'wrong-prefix', 'Tezos ids start with tz1, tz2 or tz3'],
    ['tezos', 'tz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJHm', 'bad-checksum', 'checksum does not match — check for a typo'],
    ['tezos', 'tz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJH', 'bad-length', /too short/],
    ['tezos', 'tz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJH0', 'bad-char', /character 36 \(0\).*never contain 0, O, I or l/],
    ['tron', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'wrong-prefix', /hexadecimal form.*start with a capital T/],
    ['waves', '3P9DEDP5VbyXQyKtXDUt2crRPn5B7gs6ujd', 'bad-checksum', 'checksum does not match — check for a typo'],
    ['ethereum', '0x2401c39d7ba9E283668a53fcC7B8F5FD9e716fd', 'bad-length', /39 characters after 0x.*40/],
    ['ethereum', '0x2401c39d7ba9E283668a53fcC7B8F5FD9e716fdg', 'bad-char', /\(g\) is not a hexadecimal digit/],
    ['near', 'trust-nodes.near', 'wrong-suffix', /end with \.poolv1\.near/],
    ['near', 'trust--nodes.poolv1.near', 'bad-format', /never at the start or end or twice in a row/],
    ['iotex', 'toolongdelegatename', 'bad-length', /1 to 12 characters/],
    ['iotex', 'some_name', 'bad-char', /\(_\) is not allowed/],
    ['solana', 'FiijvR2ibXEHaFqB127CxrL3vSj19K2Kx1jf2RbK4', 'bad-length', /too short.*32-byte/],
    [
      'aptos',
      '0x8f396e4246b2ba87b51c0739ef5ea4f26515a98375308c31ac2ec1e42142a57',
      'bad-length',
      /63 hexadecimal characters after 0x, but Aptos validator ids have 64/,
    ],
    ['loom', '0xe3beb36ae8edb5dbb5c2cfba9960f0819dd8e13a', 'wrong-prefix', /loom followed by 40 hexadecimal/],
    ['ontology', '046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296', 'wrong-prefix', /start with 02 or 03/],
    ['cardano', 'pool1vx9tzlkgafernd9vpjpxkenutx2gncj4yn88fpq69823qlwcqrs', 'bad-checksum', 'checksum does not match — check for a typo'],
    ['harmony', 'one1pdv9lrdwl0rg5vglh4xtyrv3wjk3wsqket7zxY', 'mixed-case', /retype it in lower case/],
    ['bogus', 'anything', 'unknown-chain', /not one of the 52 registry chains/],
    ['bsc', 'anything', 'unknown-chain', /did you mean "smartchain"/],
  ];
  it.each(cases)('%s: %s → %s', (slug, id, code, message) => {
    const result = checkValidatorId(slug, id);
    expect(result).toMatchObject({ ok: false, code });
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('accepts real variants: a 32-byte Juno operator, iotex names ending in #, NEAR pools', () => {
    const juno = 'junovaloper185hgkqs8q8ysnc8cvkgd8j2knnq2m0ah6ae73gntv9ampgwpmrxqlfzywn';
    expect(checkValidatorId('juno', juno)).toEqual({ ok: true, value: juno });
    expect(checkValidatorId('cosmos', `cosmosvaloper${juno.slice('junovaloper'.length)}`)).toMatchObject({ ok: false, code: 'bad-length' });
    expect(checkValidatorId('iotex', 'gamefantasy#')).toEqual({ ok: true, value: 'gamefantasy#' });
    expect(checkValidatorId('near', 'p2p-org.poolv1.near')).toEqual({ ok: true, value: 'p2p-org.poolv1.near' });
  });

  it('cannot catch every typo where the format has no checksum (Solana keys)', () => {
    // 43 and 44 base58 characters both decode to 32 bytes, so dropping the last character can go unnoticed.
    expect(checkValidatorId('solana', 'FiijvR2ibXEHaFqB127CxrL3vSj19K2Kx1jf2RbK4BW').ok).toBe(true);
    expect(getRegistryChain('solana')?.checksum).toBe('none');
  });

  it('normalises case where case carries no meaning', () => {
    expect(checkValidatorId('ethereum', '0x2401c39d7ba9e283668a53fcc7b8f5fd9e716fdf')).toEqual({
      ok: true,
      value: '0x2401c39d7ba9E283668a53fcC7B8F5FD9e716fdf',
    });
    expect(checkValidatorId('sui', '0x61953EA72709EED72F4441DD944EEC49A11B4ACABFC8E04015E89C63BE81B6AB')).toEqual({
      ok: true,
      value: '0x61953ea72709eed72f4441dd944eec49a11b4acabfc8e04015e89c63be81b6ab',
    });
  });

  it('suggests folder names for common chain names', () => {
    expect(suggestChainSlug('BSC')).toBe('smartchain');
    expect(suggestChainSlug('Celestia')).toBe('tia');
    expect(suggestChainSlug('MultiversX')).toBe('elrond');
    expect(suggestChainSlug('Cosmos')).toBe('cosmos');
    expect(suggestChainSlug('nonsense')).toBeUndefined();
  });
});
