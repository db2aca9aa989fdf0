/**
 * Dataset facts per chain, keyed by the shared module's coin ids: how tokens on it are typed,
 * which ecosystem listing it belongs to, and where a block explorer shows its tokens.
 */
export interface ChainFacts {
  /** Token standard label as the public service reports it (`type` of a token asset). */
  readonly tokenType?: string;
  readonly ecosystem?: string;
  /** Explorer URL prefixes; `token` gets the contract appended. */
  readonly explorer: { readonly home: string; readonly token?: string };
  /** Native coins of rollups are listed as layer 2, the rest as layer 1. */
  readonly layer: 'layer_1' | 'layer_2';
}

export const CHAIN_FACTS: Readonly<Record<number, ChainFacts>> = {
  0: { explorer: { home: 'https://mempool.space' }, layer: 'layer_1' },
  2: { explorer: { home: 'https://litecoinspace.org' }, layer: 'layer_1' },
  3: { explorer: { home: 'https://dogechain.info' }, layer: 'layer_1' },
  10: {
    tokenType: 'OPTIMISM',
    ecosystem: 'eth-ecosystem',
    explorer: { home: 'https://optimistic.etherscan.io', token: 'https://optimistic.etherscan.io/token/' },
    layer: 'layer_2',
  },
  60: {
    tokenType: 'ERC20',
    ecosystem: 'eth-ecosystem',
    explorer: { home: 'https://etherscan.io', token: 'https://etherscan.io/token/' },
    layer: 'layer_1',
  },
  118: { tokenType: 'COSMOS', explorer: { home: 'https://www.mintscan.io/cosmos' }, layer: 'layer_1' },
  137: {
    tokenType: 'POLYGON',
    ecosystem: 'eth-ecosystem',
    explorer: { home: 'https://polygonscan.com', token: 'https://polygonscan.com/token/' },
    layer: 'layer_2',
  },
  144: { explorer: { home: 'https://livenet.xrpl.org' }, layer: 'layer_1' },
  195: {
    tokenType: 'TRC20',
    ecosystem: 'tron-ecosystem',
    explorer: { home: 'https://tronscan.org', token: 'https://tronscan.org/#/token20/' },
    layer: 'layer_1',
  },
  354: { explorer: { home: 'https://polkadot.subscan.io' }, layer: 'layer_1' },
  434: { explorer: { home: 'https://kusama.subscan.io' }, layer: 'layer_1' },
  501: {
    tokenType: 'SPL',
    ecosystem: 'solana-ecosystem',
    explorer: { home: 'https://solscan.io', token: 'https://solscan.io/token/' },
    layer: 'layer_1',
  },
  607: {
    tokenType: 'JETTON',
    ecosystem: 'ton-ecosystem',
    explorer: { home: 'https://tonviewer.com', token: 'https://tonviewer.com/' },
    layer: 'layer_1',
  },
  637: {
    tokenType: 'APTOS',
    explorer: { home: 'https://explorer.aptoslabs.com', token: 'https://explorer.aptoslabs.com/fungible_asset/' },
    layer: 'layer_1',
  },
  714: {
    tokenType: 'BEP20',
    ecosystem: 'bnb-ecosystem',
    explorer: { home: 'https://bscscan.com', token: 'https://bscscan.com/token/' },
    layer: 'layer_1',
  },
  784: { tokenType: 'SUI', explorer: { home: 'https://suivision.xyz', token: 'https://suivision.xyz/coin/' }, layer: 'layer_1' },
  1729: { tokenType: 'FA1.2', explorer: { home: 'https://tzkt.io', token: 'https://tzkt.io/' }, layer: 'layer_1' },
  8453: {
    tokenType: 'BASE',
    ecosystem: 'base-ecosystem',
    explorer: { home: 'https://basescan.org', token: 'https://basescan.org/token/' },
    layer: 'layer_2',
  },
  42161: {
    tokenType: 'ARBITRUM',
    ecosystem: 'eth-ecosystem',
    explorer: { home: 'https://arbiscan.io', token: 'https://arbiscan.io/token/' },
    layer: 'layer_2',
  },
  43114: { tokenType: 'AVAXC', explorer: { home: 'https://snowtrace.io', token: 'https://snowtrace.io/token/' }, layer: 'layer_1' },
};

/** Listing categories, in the order the service lists them. `trending` is computed from the market. */
export const CATEGORIES: ReadonlyArray<{ readonly id: string; readonly name: string }> = [
  { id: 'trending', name: 'Trending' },
  { id: 'ai', name: 'AI' },
  { id: 'memes', name: 'Memes' },
  { id: 'rwa-assets', name: 'Real World Assets' },
  { id: 'layer_1', name: 'Layer 1' },
  { id: 'layer_2', name: 'Layer 2' },
  { id: 'dex', name: 'DEX' },
  { id: 'defi-2', name: 'DeFi' },
  { id: 'stablecoins', name: 'Stablecoins' },
  { id: 'liquid-staking', name: 'Liquid Staking' },
  { id: 'gaming', name: 'Gaming' },
  { id: 'nft', name: 'NFT' },
  { id: 'eth-ecosystem', name: 'Ethereum Ecosystem' },
  { id: 'bnb-ecosystem', name: 'BNB Chain Ecosystem' },
  { id: 'solana-ecosystem', name: 'Solana Ecosystem' },
  { id: 'base-ecosystem', name: 'Base Ecosystem' },
  { id: 'tron-ecosystem', name: 'Tron Ecosystem' },
  { id: 'ton-ecosystem', name: 'TON Ecosystem' },
];
