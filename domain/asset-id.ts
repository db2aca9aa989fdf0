import { fail, ok, type Check } from './result';
import { normalizeCoinId } from './coins';
import { checkContract } from './addresses';

export interface AssetId {
  readonly coin: number;
  readonly token?: string;
}

export function formatAssetId(asset: AssetId): string {
  return asset.token === undefined ? `c${asset.coin}` : `c${asset.coin}_t${asset.token}`;
}

export function parseAssetId(input: string): Check<AssetId> {
  const m = /^c(\d{1,10})(?:_t(.+))?$/.exec(typeof input === 'string' ? input : '');
  if (!m) return fail('bad-asset-id', 'asset ids look like c60 or c60_t0x… (c, the coin number, then _t and the token contract)');
  const coin = normalizeCoinId(Number(m[1]));
  if (coin === undefined) return fail('unknown-coin', `coin ${m[1]} is not served by the gateway`);
  if (m[2] === undefined) return ok({ coin });
  const token = checkContract(coin, m[2]);
  return token.ok ? ok({ coin, token: token.value }) : token;
}
