import { getCoin, parseAssetId } from '../../../../../domain/index';
import { kindOf, type Schema } from '../form/schema-model';
import type { Path } from '../form/form-value';

/** The gateway's swap domains and their SLIP-44 coins (as get_swap_domains lists them). */
export const SWAP_DOMAIN_COINS: Readonly<Record<string, number>> = {
  ethereum: 60,
  smartchain: 714,
  bsc: 714,
  polygon: 137,
  arbitrum: 42161,
  optimism: 10,
  base: 8453,
  avalanche: 43114,
  solana: 501,
  bitcoin: 0,
  tron: 195,
  ton: 607,
};

/** Where a field learns its chain from: a sibling argument holding an asset id or a swap domain. */
export type ChainSource = { readonly sibling: string; readonly as: 'asset-id' | 'domain' };

export type Widget =
  | { readonly kind: 'asset-id'; readonly tokenOnly?: boolean; readonly chain?: ChainSource }
  | { readonly kind: 'asset-list'; readonly max: number }
  | { readonly kind: 'address'; readonly chain: ChainSource; readonly advisory: boolean }
  | { readonly kind: 'category' }
  | { readonly kind: 'networks'; readonly max: number }
  | { readonly kind: 'step-id' };

const ASSET_FIELDS = new Set(['assetId', 'asset_id']);

/**
 * The domain widget for an argument, by tool and argument name (the reference gateway's and the public
 * service's names), when the schema has the expected shape; otherwise the generic field. Only top-level
 * arguments get one.
 */
export function widgetFor(tool: string, path: Path, schema: Schema): Widget | undefined {
  if (path.length !== 1 || typeof path[0] !== 'string') return undefined;
  const name = path[0];
  const kind = kindOf(schema);
  const items = typeof schema.items === 'object' && schema.items !== null ? (schema.items as Schema) : undefined;
  if (kind === 'string') {
    if (tool === 'validate_address' && name === 'address')
      return { kind: 'address', chain: { sibling: 'asset_id', as: 'asset-id' }, advisory: true };
    if (name === 'fromAddress') return { kind: 'address', chain: { sibling: 'fromDomain', as: 'domain' }, advisory: false };
    if (name === 'toAddress') return { kind: 'address', chain: { sibling: 'toDomain', as: 'domain' }, advisory: false };
    if (ASSET_FIELDS.has(name)) return { kind: 'asset-id', ...(tool === 'check_token_security' ? { tokenOnly: true } : {}) };
    if (name === 'fromAsset') return { kind: 'asset-id', chain: { sibling: 'fromDomain', as: 'domain' } };
    if (name === 'toAsset') return { kind: 'asset-id', chain: { sibling: 'toDomain', as: 'domain' } };
    if (name === 'category' && tool === 'get_trending_tokens') return { kind: 'category' };
    if (name === 'stepId') return { kind: 'step-id' };
  }
  if (kind === 'array' && items) {
    const itemKind = kindOf(items);
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : 50;
    if (name === 'assets' && itemKind === 'string') return { kind: 'asset-list', max };
    if (name === 'networks' && (itemKind === 'integer' || itemKind === 'number')) return { kind: 'networks', max };
  }
  return undefined;
}

/** The chain a sibling argument names, as a coin id, if it names one the app knows. */
export function chainFrom(source: ChainSource, args: unknown): number | undefined {
  const raw = args !== null && typeof args === 'object' ? (args as Record<string, unknown>)[source.sibling] : undefined;
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (source.as === 'domain') return SWAP_DOMAIN_COINS[raw];
  const parsed = parseAssetId(raw);
  return parsed.ok ? parsed.value.coin : undefined;
}

export function chainName(coin: number): string {
  return getCoin(coin)?.name ?? `coin ${coin}`;
}

/**
 * The chain and contract an asset id's text names, read leniently (a contract still being typed is kept
 * as it is), for the builder's chain picker and contract field. Text that does not start with c and a
 * coin number names no chain: the picker then shows its placeholder.
 */
export function assetIdParts(text: string): { coin: number | undefined; contract: string } {
  const match = /^c(\d{1,10})(?:_t(.*))?$/s.exec(text);
  if (!match) return { coin: undefined, contract: '' };
  return { coin: Number(match[1]), contract: match[2] ?? '' };
}

/** The asset id for a chain and an optional contract: `c{coin}` or `c{coin}_t{contract}`. */
export function composeAssetId(coin: number, contract: string): string {
  const k = contract.trim();
  return k ? `c${coin}_t${k}` : `c${coin}`;
}

/** Splits pasted text (commas, spaces, new lines) and adds what fits under the limit, skipping repeats. */
export function addAssetIds(current: readonly string[], input: string, max: number): { next: string[]; skipped: number; repeated: number } {
  const next = [...current];
  let skipped = 0;
  let repeated = 0;
  for (const id of input.split(/[\s,;]+/).filter(Boolean)) {
    if (next.includes(id)) repeated++;
    else if (next.length >= max) skipped++;
    else next.push(id);
  }
  return { next, skipped, repeated };
}
