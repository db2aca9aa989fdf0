/** Gateway asset ids: `c{coin}` for a native coin, `c{coin}_t{contract}` for a token. */
import { fail, ok, type Check } from './result';
import { checkPlainText } from './input';
import { COINS, normalizeCoinId } from './coins';
import { checkContract } from './addresses';

export interface AssetId {
  /** The spec's SLIP-44 coin id (aliases already normalised). */
  readonly coin: number;
  /** The token contract, normalised (EVM in EIP-55 case, base58 verbatim). */
  readonly token?: string;
}

const SHAPE = 'asset ids look like c60 (a coin) or c60_t0x… (a token: c, the coin number, _t, the contract)';

/** Formats an asset id; a Wallet Core alias in `coin` is written as the spec's id. */
export function formatAssetId(asset: AssetId): string {
  const coin = normalizeCoinId(asset.coin) ?? asset.coin;
  return asset.token === undefined ? `c${coin}` : `c${coin}_t${asset.token}`;
}

/** Parses and validates an asset id, naming exactly what is wrong: the coin, the separator or the contract. */
export function parseAssetId(input: string): Check<AssetId> {
  const text = checkPlainText(input, 'the asset id');
  if (!text.ok) return text;
  const id = text.value;
  if (id.startsWith('C')) return fail('bad-asset-id', `asset ids start with a small c — write c${id.slice(1, 12)}…`);
  if (!id.startsWith('c')) {
    return fail('bad-asset-id', /^\d/.test(id) ? `put a c before the coin number, e.g. c${id.match(/^\d+/)?.[0] ?? ''}` : SHAPE);
  }
  const digits = /^c(\d*)/.exec(id)?.[1] ?? '';
  if (digits === '') return fail('bad-asset-id', `a coin number must follow the c, e.g. c60 for Ethereum`);
  if (digits.length > 1 && digits.startsWith('0'))
    return fail('bad-asset-id', `the coin number has a leading zero — write c${digits.replace(/^0+(?=\d)/, '')}`);
  const rest = id.slice(1 + digits.length);
  const separator = checkSeparator(rest, digits);
  if (!separator.ok) return separator;
  const coin = digits.length <= 10 ? normalizeCoinId(Number(digits)) : undefined;
  if (coin === undefined) {
    const known = COINS.map((c) => `${c.id} ${c.name}`).join(', ');
    return fail('unknown-coin', `coin ${digits.slice(0, 12)} is not one the gateway serves; known coins: ${known}`);
  }
  if (rest === '') return ok({ coin });
  const token = checkContract(coin, rest.slice(2));
  return token.ok ? ok({ coin, token: token.value }) : token;
}

/** What may follow the coin number: nothing, or `_t` and a contract. */
function checkSeparator(rest: string, digits: string): Check<string> {
  if (rest === '') return ok(rest);
  const example = `c${digits}_t<contract>`;
  if (rest === '_') return fail('stray-separator', `stray "_" at the end — remove it, or add t and the token contract (${example})`);
  if (rest.startsWith('_t')) {
    if (rest.length === 2) return fail('missing-contract', `the token contract is missing after "_t" (${example})`);
    if (rest[2] === '_') return fail('stray-separator', `stray "_" after "_t" — the contract follows directly (${example})`);
    return ok(rest);
  }
  if (rest.startsWith('__')) return fail('stray-separator', `stray "_" — tokens are written with one underscore (${example})`);
  if (rest.startsWith('_T')) return fail('bad-asset-id', `write a small t after "_" (${example})`);
  if (rest.startsWith('_')) return fail('bad-asset-id', `"_" must be followed by t and the token contract (${example})`);
  if (rest.startsWith('t')) return fail('bad-asset-id', `missing "_" before t — tokens are written ${example}`);
  return fail('bad-asset-id', `unexpected "${rest[0]}" after the coin number — ${SHAPE}`);
}
