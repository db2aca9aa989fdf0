import type { ComponentType } from 'react';
import type { RichProps } from './common';
import { CategoriesView, PricesView, TrendingView } from './MarketViews';
import { TokenSecurityView, ValidateAddressView } from './SecurityViews';
import { DomainsView, ProviderDetailsView, ProvidersView, RouteStepView, SwapQuoteView } from './SwapViews';
import { AssetDetailsView, CoinStatusView, SearchView } from './TokenViews';

/** A view per tool that knows its result's shape; each renders nothing when the data does not fit. */
export const RICH_VIEWS: Readonly<Record<string, ComponentType<RichProps>>> = {
  search_assets: SearchView,
  get_asset_details: AssetDetailsView,
  get_coin_status: CoinStatusView,
  get_swap_domains: DomainsView,
  get_swap_providers: ProvidersView,
  get_provider_details: ProviderDetailsView,
  get_swap_quote: SwapQuoteView,
  get_swap_route_step: RouteStepView,
  get_token_prices: PricesView,
  get_trending_tokens: TrendingView,
  get_listing_categories: CategoriesView,
  validate_address: ValidateAddressView,
  check_token_security: TokenSecurityView,
};

/** Views that also have something to say about a tool error (validate_address's "invalid" verdict). */
export const SHOWS_ERRORS = new Set(['validate_address']);

export type { RichProps };
