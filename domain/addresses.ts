/** Wallet addresses and token contracts for the chains the gateway serves, dispatched on the coin's family. */
import { fail, type Check } from './result';
import { article, checkPlainText } from './input';
import { getCoin, type Coin, type CoinFamily } from './coins';
import { checkBech32Id } from './formats/bech32-id';
import { checkEvmAddress } from './formats/evm-address';
import { checkSs58 } from './formats/ss58';
import { checkBase58Key, checkHexId } from './formats/plain-ids';
import { checkTezosAddress, checkTronAddress, checkXrpAddress } from './formats/base58check-ids';
import { checkTonAddress } from './formats/ton-address';
import { checkUtxoAddress, BITCOIN, DOGECOIN, LITECOIN, type UtxoChain } from './formats/utxo-address';
import { checkMoveToken } from './formats/move-type';

const UTXO_CHAINS: Readonly<Record<number, UtxoChain>> = { 0: BITCOIN, 2: LITECOIN, 3: DOGECOIN };
const SS58_NETWORKS: Readonly<Record<number, number>> = { 354: 0, 434: 2 };

function unknownCoin(coinId: unknown): Check<string> {
  return fail(
    'unknown-coin',
    `coin ${String(coinId).slice(0, 20)} is not one the gateway serves — see the coin list (e.g. 0 Bitcoin, 60 Ethereum, 501 Solana)`,
  );
}

function cosmosPrefixHint(hrp: string): string | undefined {
  if (hrp === 'cosmosvaloper') return 'this is a validator operator address, not a wallet address; ';
  return undefined;
}

function addressOf(coin: Coin, address: string): Check<string> {
  const label = `${coin.name} addresses`;
  switch (coin.family) {
    case 'bitcoin':
      return checkUtxoAddress(address, UTXO_CHAINS[coin.id] ?? BITCOIN);
    case 'evm':
      return checkEvmAddress(address, label);
    case 'solana':
      return checkBase58Key(address, label);
    case 'tron':
      return checkTronAddress(address, label);
    case 'cosmos':
      // 32-byte payloads are contract and interchain accounts; both can hold funds.
      return checkBech32Id(address, { prefix: 'cosmos', byteLengths: [20, 32], label, explainPrefix: cosmosPrefixHint });
    case 'ton':
      return checkTonAddress(address, label);
    case 'aptos':
    case 'sui':
      return checkHexId(address, { prefix: '0x', digits: 64, label });
    case 'xrp':
      return checkXrpAddress(address, label);
    case 'tezos':
      return checkTezosAddress(address, label, ['tz1', 'tz2', 'tz3', 'tz4', 'KT1']);
    case 'substrate':
      return checkSs58(address, SS58_NETWORKS[coin.id] ?? 42, label);
  }
}

function contractOf(coin: Coin, contract: string): Check<string> {
  switch (coin.family) {
    case 'evm':
      return checkEvmAddress(contract, `${coin.name} token contracts`);
    case 'solana':
      return checkBase58Key(contract, 'Solana token mints');
    case 'tron':
      return checkTronAddress(contract, 'Tron token contracts');
    case 'ton':
      return checkTonAddress(contract, 'TON jetton contracts');
    case 'aptos':
    case 'sui':
      return checkMoveToken(contract, `${coin.name} token types`);
    case 'tezos':
      return checkTezosAddress(contract, 'Tezos token contracts', ['KT1']);
    case 'cosmos':
      return checkCosmosDenom(contract);
    case 'bitcoin':
    case 'xrp':
    case 'substrate':
      return fail('no-tokens', `${coin.name} has no token contracts the gateway can address — use c${coin.id} for ${coin.symbol} itself`);
  }
}

/** Cosmos Hub tokens are IBC denoms (ibc/<64 hex>) or CosmWasm contracts (cosmos1…, 32 bytes). */
function checkCosmosDenom(contract: string): Check<string> {
  if (contract.startsWith('ibc/')) {
    const hash = checkHexId(contract.slice(4), { prefix: '', digits: 64, label: 'IBC denoms' });
    return hash.ok
      ? { ok: true, value: `ibc/${hash.value.toUpperCase()}` }
      : fail(hash.code, `${hash.message} (IBC denoms are ibc/ followed by 64 hexadecimal characters)`);
  }
  return checkBech32Id(contract, { prefix: 'cosmos', byteLengths: [32], label: 'Cosmos Hub token contracts' });
}

// Shapes that unmistakably belong to one family, to explain the common mistake of pasting another chain's address.
const LOOKS_LIKE: readonly (readonly [CoinFamily, RegExp, string])[] = [
  ['evm', /^0x[0-9a-fA-F]{40}$/, 'an Ethereum-style (0x…) address'],
  ['aptos', /^0x[0-9a-fA-F]{64}$/, 'an Aptos or Sui (0x + 64 hex) address'],
  ['tron', /^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'a Tron address'],
  ['tezos', /^(tz[1-4]|KT1)[1-9A-HJ-NP-Za-km-z]{33}$/, 'a Tezos address'],
  ['cosmos', /^[a-z]{2,20}1[02-9ac-hj-np-z]{38,}$/, 'a bech32 address of another chain'],
];

function explainForeign(coin: Coin, address: string, result: Check<string>): Check<string> {
  if (result.ok || !['wrong-prefix', 'bad-char', 'bad-length'].includes(result.code)) return result;
  const match = LOOKS_LIKE.find(
    ([family, shape]) => shape.test(address) && family !== coin.family && !(family === 'aptos' && coin.family === 'sui'),
  );
  return match
    ? fail(result.code, `this looks like ${match[2]}, not ${article(coin.name)} ${coin.name} address; ${addressFormatOf(coin)}`)
    : result;
}

function addressFormatOf(coin: Coin): string {
  const label = `${coin.name} addresses`;
  switch (coin.family) {
    case 'bitcoin':
      return `${label} start with ${(UTXO_CHAINS[coin.id] ?? BITCOIN).starts}`;
    case 'evm':
      return `${label} are 0x followed by 40 hexadecimal characters`;
    case 'solana':
      return `${label} are base58 keys of 43 or 44 characters`;
    case 'tron':
      return `${label} start with a capital T (34 characters)`;
    case 'cosmos':
      return `${label} start with cosmos1`;
    case 'ton':
      return `${label} have 48 characters (e.g. EQ… or UQ…) or are written 0:<64 hexadecimal characters>`;
    case 'aptos':
    case 'sui':
      return `${label} are 0x followed by 64 hexadecimal characters`;
    case 'xrp':
      return `${label} start with a small r`;
    case 'tezos':
      return `${label} start with tz1, tz2, tz3, tz4 or KT1`;
    case 'substrate':
      return coin.id === 354 ? `${label} start with 1` : `${label} start with a capital letter C to J`;
  }
}

/** One sentence describing a gateway chain's wallet addresses, e.g. for a form's hint text. */
export function describeAddressFormat(coinId: number): string | undefined {
  const coin = getCoin(coinId);
  return coin && addressFormatOf(coin);
}

/** Checks a wallet address on a gateway chain (coin id or Wallet Core alias). The value is the normalised address. */
export function checkAddress(coinId: number, address: string): Check<string> {
  const coin = typeof coinId === 'number' ? getCoin(coinId) : undefined;
  if (!coin) return unknownCoin(coinId);
  const text = checkPlainText(address, 'the address');
  return text.ok ? explainForeign(coin, text.value, addressOf(coin, text.value)) : text;
}

/** Checks a token contract (the part after `_t` in an asset id). EVM contracts come back in EIP-55 case; others verbatim. */
export function checkContract(coinId: number, contract: string): Check<string> {
  const coin = typeof coinId === 'number' ? getCoin(coinId) : undefined;
  if (!coin) return unknownCoin(coinId);
  const text = checkPlainText(contract, 'the token contract');
  return text.ok ? contractOf(coin, text.value) : text;
}
