import type { ToolGroup } from './ipc/playground-channels';

/** The spec's tool table, by group: what any gateway of this shape lists, whether or not it labels its tools. */
const SPEC_GROUPS: Record<string, ToolGroup> = {
  search_assets: 'Token information',
  get_asset_details: 'Token information',
  get_coin_status: 'Token information',
  get_swap_domains: 'Swap & bridge',
  get_swap_providers: 'Swap & bridge',
  get_provider_details: 'Swap & bridge',
  get_swap_quote: 'Swap & bridge',
  get_swap_route_step: 'Swap & bridge',
  get_token_prices: 'Market data',
  get_trending_tokens: 'Market data',
  get_listing_categories: 'Market data',
  validate_address: 'Security',
  check_token_security: 'Security',
};

/** The reference gateway labels each tool's group in `_meta`; its wording differs slightly from the UI's. */
const META_KEY = 'io.gatewaycompanion/group';
const META_WORDS: Record<string, ToolGroup> = {
  'token information': 'Token information',
  'swap and bridge': 'Swap & bridge',
  'swap & bridge': 'Swap & bridge',
  'market data': 'Market data',
  security: 'Security',
};

export function toolGroup(name: string, meta: unknown): ToolGroup {
  const label = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[META_KEY] : undefined;
  if (typeof label === 'string') {
    const group = META_WORDS[label.trim().toLowerCase()];
    if (group) return group;
  }
  return SPEC_GROUPS[name] ?? 'Other';
}
