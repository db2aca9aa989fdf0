/**
 * Tool groups, spelt once: the reference gateway labels its tools with these names and the playground
 * lists tools under them.
 */

/** The spec's four tool groups, in its order. */
export const SPEC_TOOL_GROUPS = ['Token information', 'Swap & bridge', 'Market data', 'Security'] as const;
export type SpecToolGroup = (typeof SPEC_TOOL_GROUPS)[number];

/** The playground's groups: the spec's, and `Other` for tools of other gateways that fit none. */
export const TOOL_GROUPS = [...SPEC_TOOL_GROUPS, 'Other'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

/** The `_meta` key under which a gateway labels a tool's group (the reference gateway does). */
export const TOOL_GROUP_META_KEY = 'io.gatewaycompanion/group';

/** The spec's tool table, by group: what any gateway of this shape lists, whether or not it labels its tools. */
const SPEC_GROUPS: Record<string, SpecToolGroup> = {
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

/** Other gateways (and older versions of ours) word labels freely: case, spacing and "and" for "&" do not matter. */
const loose = (label: string) =>
  label
    .trim()
    .toLowerCase()
    .replace(/\s+and\s+/g, ' & ')
    .replace(/\s+/g, ' ');
const BY_LABEL = new Map<string, SpecToolGroup>(SPEC_TOOL_GROUPS.map((group) => [loose(group), group]));

/** A tool's group: the gateway's label when it names a spec group, else the spec's table, else `Other`. */
export function toolGroup(name: string, meta: unknown): ToolGroup {
  const label = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[TOOL_GROUP_META_KEY] : undefined;
  const labelled = typeof label === 'string' ? BY_LABEL.get(loose(label)) : undefined;
  return labelled ?? SPEC_GROUPS[name] ?? 'Other';
}
