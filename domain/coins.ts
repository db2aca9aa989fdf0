/**
 * The gateway coin catalog: chains the reference gateway serves, keyed by SLIP-44 coin number.
 * The spec's ids are canonical; Wallet Core ids used by the public service are accepted as aliases.
 */
export type CoinFamily = 'bitcoin' | 'evm' | 'solana' | 'tron' | 'cosmos' | 'ton' | 'aptos' | 'sui' | 'xrp' | 'tezos' | 'substrate';

export interface Coin {
  readonly id: number;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly family: CoinFamily;
  /** Other coin numbers that mean this chain (Wallet Core ids); normalised to `id`. */
  readonly aliases: readonly number[];
  readonly evmChainId?: number;
}

const coin = (c: Coin): Coin => Object.freeze({ ...c, aliases: Object.freeze([...c.aliases]) });

/** Sorted by coin id. */
export const COINS: readonly Coin[] = Object.freeze([
  coin({ id: 0, name: 'Bitcoin', symbol: 'BTC', decimals: 8, family: 'bitcoin', aliases: [] }),
  coin({ id: 2, name: 'Litecoin', symbol: 'LTC', decimals: 8, family: 'bitcoin', aliases: [] }),
  coin({ id: 3, name: 'Dogecoin', symbol: 'DOGE', decimals: 8, family: 'bitcoin', aliases: [] }),
  coin({ id: 10, name: 'Optimism', symbol: 'ETH', decimals: 18, family: 'evm', aliases: [10000070], evmChainId: 10 }),
  coin({ id: 60, name: 'Ethereum', symbol: 'ETH', decimals: 18, family: 'evm', aliases: [], evmChainId: 1 }),
  coin({ id: 118, name: 'Cosmos Hub', symbol: 'ATOM', decimals: 6, family: 'cosmos', aliases: [] }),
  coin({ id: 137, name: 'Polygon', symbol: 'POL', decimals: 18, family: 'evm', aliases: [966], evmChainId: 137 }),
  coin({ id: 144, name: 'XRP Ledger', symbol: 'XRP', decimals: 6, family: 'xrp', aliases: [] }),
  coin({ id: 195, name: 'Tron', symbol: 'TRX', decimals: 6, family: 'tron', aliases: [] }),
  coin({ id: 354, name: 'Polkadot', symbol: 'DOT', decimals: 10, family: 'substrate', aliases: [] }),
  coin({ id: 434, name: 'Kusama', symbol: 'KSM', decimals: 12, family: 'substrate', aliases: [] }),
  coin({ id: 501, name: 'Solana', symbol: 'SOL', decimals: 9, family: 'solana', aliases: [] }),
  coin({ id: 607, name: 'TON', symbol: 'TON', decimals: 9, family: 'ton', aliases: [] }),
  coin({ id: 637, name: 'Aptos', symbol: 'APT', decimals: 8, family: 'aptos', aliases: [] }),
  coin({ id: 714, name: 'BNB Smart Chain', symbol: 'BNB', decimals: 18, family: 'evm', aliases: [20000714], evmChainId: 56 }),
  coin({ id: 784, name: 'Sui', symbol: 'SUI', decimals: 9, family: 'sui', aliases: [] }),
  coin({ id: 1729, name: 'Tezos', symbol: 'XTZ', decimals: 6, family: 'tezos', aliases: [] }),
  coin({ id: 8453, name: 'Base', symbol: 'ETH', decimals: 18, family: 'evm', aliases: [], evmChainId: 8453 }),
  coin({ id: 42161, name: 'Arbitrum', symbol: 'ETH', decimals: 18, family: 'evm', aliases: [10042221], evmChainId: 42161 }),
  coin({ id: 43114, name: 'Avalanche C-Chain', symbol: 'AVAX', decimals: 18, family: 'evm', aliases: [10009000], evmChainId: 43114 }),
]);

const byNumber = new Map<number, Coin>();
for (const c of COINS) {
  byNumber.set(c.id, c);
  for (const a of c.aliases) byNumber.set(a, c);
}

/** The coin for a spec id or a Wallet Core alias, e.g. getCoin(20000714) is BNB Smart Chain (714). */
export function getCoin(idOrAlias: number): Coin | undefined {
  return byNumber.get(idOrAlias);
}

/** The spec's coin id for an id or alias, or undefined when the gateway does not serve that coin. */
export function normalizeCoinId(idOrAlias: number): number | undefined {
  return byNumber.get(idOrAlias)?.id;
}
