/** Swap domains (chains the router can trade on) and the providers serving them. */
import type { SwapDomainId } from '../../../domain/tools/swap';

export interface SwapDomain {
  readonly id: SwapDomainId;
  readonly name: string;
  readonly type: 'EVM' | 'SOLANA' | 'BITCOIN' | 'TRON' | 'TON';
  /** EVM chain id as a hex string; null elsewhere. */
  readonly chainId: string | null;
  readonly coin: number;
  /** Seconds until a transaction is final. */
  readonly finalityTime: number;
  readonly aliases?: readonly SwapDomainId[];
  /** Wrapped native token contract, for wrap/unwrap steps. */
  readonly wrapped?: string;
  /** Only listed when TON is asked for (the public service does the same). */
  readonly optIn?: boolean;
}

export interface Provider {
  readonly id: string;
  readonly name: string;
  readonly rank: number;
  readonly type: 'dex' | 'bridge';
  readonly domains: readonly string[];
  /** Provider fee as a fraction of the traded value. */
  readonly fee: number;
  /** Pool depth relative to an asset's daily volume: deeper pools mean less price impact. */
  readonly depth: number;
  /** Bridges move value through stablecoins or native coins. */
  readonly transit?: 'stable' | 'native';
  /** Typical seconds to complete a bridge transfer. */
  readonly bridgeTime?: number;
  readonly website: string;
}

const EVM = ['ethereum', 'smartchain', 'polygon', 'arbitrum', 'optimism', 'base', 'avalanche'];

export const DOMAINS: readonly SwapDomain[] = [
  {
    id: 'ethereum',
    name: 'Ethereum',
    type: 'EVM',
    chainId: '0x1',
    coin: 60,
    finalityTime: 180,
    wrapped: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  },
  {
    id: 'smartchain',
    name: 'BNB Smart Chain',
    type: 'EVM',
    chainId: '0x38',
    coin: 714,
    finalityTime: 8,
    aliases: ['bsc'],
    wrapped: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
  },
  {
    id: 'polygon',
    name: 'Polygon',
    type: 'EVM',
    chainId: '0x89',
    coin: 137,
    finalityTime: 10,
    wrapped: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
  },
  {
    id: 'arbitrum',
    name: 'Arbitrum',
    type: 'EVM',
    chainId: '0xa4b1',
    coin: 42161,
    finalityTime: 15,
    wrapped: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  },
  {
    id: 'optimism',
    name: 'Optimism',
    type: 'EVM',
    chainId: '0xa',
    coin: 10,
    finalityTime: 15,
    wrapped: '0x4200000000000000000000000000000000000006',
  },
  {
    id: 'base',
    name: 'Base',
    type: 'EVM',
    chainId: '0x2105',
    coin: 8453,
    finalityTime: 15,
    wrapped: '0x4200000000000000000000000000000000000006',
  },
  {
    id: 'avalanche',
    name: 'Avalanche C-Chain',
    type: 'EVM',
    chainId: '0xa86a',
    coin: 43114,
    finalityTime: 3,
    wrapped: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
  },
  {
    id: 'solana',
    name: 'Solana',
    type: 'SOLANA',
    chainId: null,
    coin: 501,
    finalityTime: 15,
    wrapped: 'So11111111111111111111111111111111111111112',
  },
  { id: 'bitcoin', name: 'Bitcoin', type: 'BITCOIN', chainId: null, coin: 0, finalityTime: 3_600 },
  { id: 'tron', name: 'Tron', type: 'TRON', chainId: null, coin: 195, finalityTime: 60, wrapped: 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR' },
  { id: 'ton', name: 'TON', type: 'TON', chainId: null, coin: 607, finalityTime: 10, optIn: true },
];

export const PROVIDERS: readonly Provider[] = [
  { id: '1inch', name: '1inch', rank: 1, type: 'dex', domains: EVM, fee: 0.0005, depth: 0.08, website: 'https://1inch.io' },
  { id: 'kyber', name: 'KyberSwap', rank: 2, type: 'dex', domains: EVM, fee: 0.0008, depth: 0.06, website: 'https://kyberswap.com' },
  { id: 'zeroex', name: '0x', rank: 3, type: 'dex', domains: EVM, fee: 0.0015, depth: 0.07, website: 'https://0x.org' },
  { id: 'jupiter', name: 'Jupiter', rank: 1, type: 'dex', domains: ['solana'], fee: 0.0005, depth: 0.1, website: 'https://jup.ag' },
  {
    id: 'thorchain',
    name: 'THORChain',
    rank: 4,
    type: 'dex',
    domains: ['bitcoin', 'ethereum', 'smartchain', 'avalanche', 'base'],
    fee: 0.002,
    depth: 0.03,
    transit: 'native',
    bridgeTime: 900,
    website: 'https://thorchain.org',
  },
  { id: 'sunswap', name: 'SunSwap', rank: 5, type: 'dex', domains: ['tron'], fee: 0.003, depth: 0.05, website: 'https://sun.io' },
  { id: 'stonfi', name: 'STON.fi', rank: 5, type: 'dex', domains: ['ton'], fee: 0.003, depth: 0.05, website: 'https://ston.fi' },
  {
    id: 'stargate',
    name: 'Stargate',
    rank: 1,
    type: 'bridge',
    domains: EVM,
    fee: 0.0006,
    depth: 0.2,
    transit: 'stable',
    bridgeTime: 60,
    website: 'https://stargate.finance',
  },
  {
    id: 'synapse',
    name: 'Synapse',
    rank: 2,
    type: 'bridge',
    domains: EVM,
    fee: 0.001,
    depth: 0.1,
    transit: 'stable',
    bridgeTime: 180,
    website: 'https://synapseprotocol.com',
  },
  {
    id: 'squid',
    name: 'Squid',
    rank: 3,
    type: 'bridge',
    domains: EVM,
    fee: 0.0015,
    depth: 0.1,
    transit: 'stable',
    bridgeTime: 120,
    website: 'https://squidrouter.com',
  },
  {
    id: 'rango',
    name: 'Rango',
    rank: 4,
    type: 'bridge',
    domains: [...EVM, 'solana', 'tron', 'bitcoin'],
    fee: 0.002,
    depth: 0.05,
    transit: 'native',
    bridgeTime: 600,
    website: 'https://rango.exchange',
  },
  {
    id: 'swft',
    name: 'SWFT',
    rank: 5,
    type: 'bridge',
    domains: ['ethereum', 'smartchain', 'polygon', 'arbitrum', 'base', 'solana', 'tron', 'bitcoin', 'ton'],
    fee: 0.003,
    depth: 0.04,
    transit: 'native',
    bridgeTime: 900,
    website: 'https://swft.pro',
  },
];

/** A domain by id or alias (`bsc` is `smartchain`). */
export function findDomain(id: string): SwapDomain | undefined {
  const key = id.toLowerCase();
  return DOMAINS.find((d) => d.id === key || d.aliases?.some((alias) => alias === key));
}

export function domainsList(includeTon: boolean) {
  return {
    domains: DOMAINS.filter((d) => includeTon || !d.optIn).map((d) => ({
      id: d.id,
      name: d.name,
      type: d.type,
      chainId: d.chainId,
      coin: d.coin,
      finalityTime: d.finalityTime,
      dex: PROVIDERS.filter((p) => p.type === 'dex' && p.domains.includes(d.id)).map((p) => p.id),
    })),
  };
}

const brief = (p: Provider) => ({ id: p.id, name: p.name, rank: p.rank });

export function providersList() {
  return { dex: PROVIDERS.filter((p) => p.type === 'dex').map(brief), bridge: PROVIDERS.filter((p) => p.type === 'bridge').map(brief) };
}

export function providerDetails(p: Provider) {
  return { ...brief(p), type: p.type, domains: [...p.domains], fee: p.fee * 100, website: p.website };
}
