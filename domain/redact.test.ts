import { describe, expect, it } from 'vitest';
import { REDACTED, isHashName, isSecretName, looksLikeRecoveryPhrase, redactJsonLine, redactSecrets, redactText } from './redact';

const KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const PHRASE_12 = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
const PHRASE_24 = `${PHRASE_12} ${PHRASE_12}`;
const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
// Well-known test vectors (the Bitcoin wiki's WIF example, BIP-32 test vector 1), not real funds.
const WIF_5 = '5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ';
const WIF_K = 'KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617';
const WIF_L = 'L1aW4aubDFB7yfras2S1mN3bqg9nwySY8nkoLmJebSLD5BWv3ENZ';
const XPRV = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
const TPRV = `t${XPRV.slice(1)}`;
const TX_HASH = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b';

describe('secret key names', () => {
  it.each([
    'secret',
    'secretKey',
    'SECRET_KEY',
    'x-svc-secret-key',
    'clientSecret',
    'password',
    'Password',
    'db_password',
    'passwd',
    'passphrase',
    'token',
    'apiToken',
    'access_token',
    'REFRESH-TOKEN',
    'mnemonic',
    'mnemonicPhrase',
    'seed',
    'seed_words',
    'seedPhrase',
    'privateKey',
    'private_key',
    'PRIVATE-KEY',
    'walletPrivateKeyHex',
    'privKey',
    'apiKey',
    'API_KEY',
    // The names the bridge's activity log masked before it used these rules.
    'accessKey',
    'refresh_token',
    'idToken',
    'Authorization',
    'credential',
    'credentials',
    'x-svc-credential',
    'xSvcSecretKey',
    'cookie',
  ])('%s is a secret name', (key) => expect(isSecretName(key)).toBe(true));

  it.each([
    'tokenAddress',
    'tokenId',
    'tokens',
    'address',
    'fromAddress',
    'assetId',
    'keyword',
    'publicKey',
    'key',
    'query',
    'cursor',
    'seeds2',
  ])('%s is not', (key) => expect(isSecretName(key)).toBe(false));

  it('names hashes', () => {
    for (const key of ['hash', 'txHash', 'tx_hash', 'blockHash', 'transactionHash', 'hashes', 'txid', 'txId', 'tx_id'])
      expect(isHashName(key), key).toBe(true);
    for (const key of ['address', 'id', 'hashtag', 'value']) expect(isHashName(key), key).toBe(false);
  });
});

describe('recovery phrases', () => {
  it('are 12, 15, 18, 21 or 24 lowercase words of 3 to 8 letters', () => {
    for (const n of [12, 15, 18, 21, 24]) expect(looksLikeRecoveryPhrase(PHRASE_24.split(' ').slice(0, n).join(' ')), `${n}`).toBe(true);
    expect(looksLikeRecoveryPhrase(`  ${PHRASE_12.replace(/ /g, '\n')}  `)).toBe(true);
  });

  it('are not other word counts, capitalised words, short words or sentences', () => {
    for (const n of [11, 13, 23]) expect(looksLikeRecoveryPhrase(PHRASE_24.split(' ').slice(0, n).join(' ')), `${n}`).toBe(false);
    expect(looksLikeRecoveryPhrase(`${PHRASE_24} actor`)).toBe(false);
    expect(looksLikeRecoveryPhrase(PHRASE_12.replace('abandon', 'Abandon'))).toBe(false);
    expect(looksLikeRecoveryPhrase('show me the price of bitcoin and ether on all the big exchanges now')).toBe(false);
    expect(looksLikeRecoveryPhrase(PHRASE_12.replace('abandon', 'abandon1'))).toBe(false);
  });
});

describe('redactSecrets', () => {
  it('redacts values under secret names, at any depth and in arrays, keeping the keys', () => {
    expect(
      redactSecrets({
        query: 'eth',
        auth: { secretKey: 'abc', api_token: 12345, nested: [{ password: 'hunter2' }] },
        seed: ['abandon', 'ability'],
        enabled: true,
      }),
    ).toEqual({
      query: 'eth',
      auth: { secretKey: REDACTED, api_token: REDACTED, nested: [{ password: REDACTED }] },
      seed: [REDACTED, REDACTED],
      enabled: true,
    });
  });

  it('judges an object under a secret name by its own keys, and keeps booleans and empty strings', () => {
    expect(redactSecrets({ token: { symbol: 'ETH', decimals: 18 }, privateKey: '', savePassword: false })).toEqual({
      token: { symbol: 'ETH', decimals: 18 },
      privateKey: '',
      savePassword: false,
    });
  });

  it('redacts a private key (64 hex, with or without 0x, any case) under any other key', () => {
    expect(redactSecrets({ address: KEY, a: `0x${KEY}`, b: KEY.toUpperCase(), list: [KEY] })).toEqual({
      address: REDACTED,
      a: REDACTED,
      b: REDACTED,
      list: [REDACTED],
    });
  });

  it('redacts a private key inside text, but not 64 hex digits that are part of something longer', () => {
    expect(redactSecrets({ query: `my key is 0x${KEY}, right?` })).toEqual({ query: `my key is ${REDACTED}, right?` });
    const notKeys = {
      signature: `0x${KEY}${KEY}`,
      ibc: `ibc/${KEY.toUpperCase()}`,
      asset: `c118_tibc/${KEY}`,
      ton: `0:${KEY}`,
      short: KEY.slice(1),
      word: `${KEY}z`,
    };
    expect(redactSecrets(notKeys)).toBe(notKeys);
  });

  it('keeps a 64-hex value under a hash key (a transaction hash is public), but not elsewhere', () => {
    const hashes = { txHash: TX_HASH, hash: KEY, tx_id: KEY, hashes: [TX_HASH] };
    expect(redactSecrets(hashes)).toBe(hashes);
    expect(redactSecrets({ id: TX_HASH })).toEqual({ id: REDACTED });
  });

  it('redacts a recovery phrase as a whole value, under any key', () => {
    expect(redactSecrets({ query: PHRASE_12, note: PHRASE_24 })).toEqual({ query: REDACTED, note: REDACTED });
  });

  it('leaves ordinary values alone and returns the same object when nothing is redacted', () => {
    const args = {
      address: EVM_ADDRESS,
      asset_id: `c60_t${EVM_ADDRESS}`,
      assets: ['c0', 'c60', `c60_t${EVM_ADDRESS}`],
      query: 'wrapped bitcoin',
      networks: [
        'ethereum',
        'bitcoin',
        'solana',
        'polygon',
        'arbitrum',
        'optimism',
        'base',
        'avalanche',
        'fantom',
        'cronos',
        'gnosis',
        'celo',
      ],
      amount: '1000000000000000000',
      slippage: 0.5,
      tokenAddress: EVM_ADDRESS,
      nothing: null,
    };
    expect(redactSecrets(args)).toBe(args);
    expect(redactSecrets('plain')).toBe('plain');
    expect(redactSecrets(42)).toBe(42);
  });

  it('looks inside JSON held in a string (a tool result text), keeping the text when nothing is found', () => {
    const text = JSON.stringify({ valid: false, address: `0x${KEY}`, txHash: TX_HASH, mnemonic: 'x y' });
    expect(JSON.parse(redactSecrets(text))).toEqual({ valid: false, address: REDACTED, txHash: TX_HASH, mnemonic: REDACTED });
    const clean = JSON.stringify({ txHash: TX_HASH, address: EVM_ADDRESS }, null, 2);
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('redacts under a "__proto__" key from JSON like under any other', () => {
    const parsed = JSON.parse(`{"__proto__":{"privateKey":"${KEY}"},"a":"${KEY}"}`) as unknown;
    expect(JSON.stringify(redactSecrets(parsed))).not.toContain(KEY);
  });

  it('does not change its input', () => {
    const input = { privateKey: KEY, inner: { a: KEY } };
    const copy = structuredClone(input);
    redactSecrets(input);
    expect(input).toEqual(copy);
  });

  it('hides a value nested too deep to inspect instead of failing', () => {
    let deep: unknown = KEY;
    for (let i = 0; i < 5_000; i++) deep = [deep];
    expect(JSON.stringify(redactSecrets(deep))).not.toContain(KEY);
  });
});

describe('redactText and redactJsonLine', () => {
  it('redacts private-key words in free text only', () => {
    expect(redactText(`key=${KEY}`)).toBe(`key=${REDACTED}`);
    expect(redactText('nothing here')).toBe('nothing here');
  });

  it.each([
    ['a phrase echoed in an error', `No asset matches "${PHRASE_12}".`, `No asset matches "${REDACTED}".`],
    ['a 24-word phrase after a colon', `query: ${PHRASE_24}`, `query: ${REDACTED}`],
    ['a phrase on several lines', PHRASE_12.replace(/ /g, '\n'), REDACTED],
    ['a WIF key (uncompressed)', `key ${WIF_5} end`, `key ${REDACTED} end`],
    ['a WIF key (compressed)', `bad address '${WIF_K}'`, `bad address '${REDACTED}'`],
    ['an xprv key', `derive from ${XPRV}`, `derive from ${REDACTED}`],
    ['a tprv key', TPRV, REDACTED],
    ['a bearer token', 'authorization: Bearer abc.def.ghi', `authorization: ${REDACTED}`],
    ['a header in JSON', '{"X-Svc-Secret-Key":"s3cr3t","accept":"*/*"}', `{"X-Svc-Secret-Key":"${REDACTED}","accept":"*/*"}`],
    ['a credential header', 'x-svc-credential=AKID/2026/svc1 next', `x-svc-credential=${REDACTED} next`],
    ["the public gateway's header", 'X-TW-SECRET-KEY: abc123 next', `X-TW-SECRET-KEY: ${REDACTED} next`],
    [
      'a phrase echoed cut short',
      `assetId "${PHRASE_12.split(' ').slice(0, 7).join(' ')} " is not valid`,
      `assetId "${REDACTED}" is not valid`,
    ],
    ['a phrase cut with an ellipsis', `(it is "${PHRASE_24.slice(0, 60)}…)`, `(it is "${REDACTED}…)`],
    ['a key cut with an ellipsis', `address '${KEY.slice(0, 40)}…' is bad`, `address '${REDACTED}…' is bad`],
  ])('redacts %s', (_name, text, expected) => expect(redactText(text)).toBe(expected));

  it.each([
    ['prose with short words', 'Returns the price of one asset on a chain, with its market cap and the volume of the last day.'],
    ['eleven phrase words', PHRASE_12.split(' ').slice(0, 11).join(' ')],
    ['a capitalised sentence', 'Abandon Ability Able About Above Absent Absorb Abstract Absurd Abuse Access Accident'],
    ['an EVM address', `address ${EVM_ADDRESS}`],
    ['a Bitcoin address', 'address bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq or 1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
    ['a Solana signature', '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'],
    ['an xpub', 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8'],
    ['a header name alone', 'set the authorization header'],
    ['a short quoted sentence', 'No asset matches "the price of gold".'],
    ['a cut asset id', 'Give assetId (e.g. "c60_t0x…")'],
  ])('keeps %s', (_name, text) => expect(redactText(text)).toBe(text));

  // Neighbouring phrase-shaped words ("words are") join the run: more is hidden, never less.
  it('redacts the new shapes as whole values and inside JSON strings', () => {
    const echoed = JSON.stringify({ code: 'invalid_asset_id', message: `assetId "${PHRASE_24.slice(0, 80)}" is not an asset id` });
    expect(redactSecrets({ text: echoed }).text).not.toContain(PHRASE_24.slice(0, 40));
    const args = { address: WIF_L, asset_id: XPRV, query: `my words are ${PHRASE_24}`, note: `{"q":"${WIF_5}"}` };
    const out = redactSecrets(args);
    expect(out).toEqual({ address: REDACTED, asset_id: REDACTED, query: `my ${REDACTED}`, note: `{"q":"${REDACTED}"}` });
  });

  it('keeps a clean line byte for byte and rewrites one with a secret', () => {
    const clean = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"n":1.50}}}';
    expect(redactJsonLine(clean)).toBe(clean);
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'validate_address', arguments: { address: KEY } } };
    const line = JSON.stringify(call);
    expect(redactJsonLine(line, call)).not.toContain(KEY);
    expect(JSON.parse(redactJsonLine(line))).toMatchObject({ params: { arguments: { address: REDACTED } } });
    expect(redactJsonLine(`not json ${KEY}`)).toBe(`not json ${REDACTED}`);
  });
});
