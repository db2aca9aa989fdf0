import type { CallOutcome } from '../../../../../../domain/ipc/playground-channels';
import { getListingCategories, getTokenPrices, getTrendingTokens } from '../../../../../../domain/tools/market';
import { checkTokenSecurity, validateAddress } from '../../../../../../domain/tools/security';
import { getProviderDetails, getSwapDomains, getSwapProviders, getSwapQuote, getSwapRouteStep } from '../../../../../../domain/tools/swap';
import { getAssetDetails, getCoinStatus, searchAssets } from '../../../../../../domain/tools/token-info';
import { CategoriesView, PricesView, TrendingView } from './MarketViews';
import { InvalidAddressView, TokenSecurityView, ValidAddressView } from './SecurityViews';
import { pickRichView, richView, type RichRender } from './select';
import { DomainsView, ProviderDetailsView, ProvidersView, RouteStepView, SwapQuoteView } from './SwapViews';
import { AssetDetailsView, CoinStatusView, SearchView } from './TokenViews';

/** A view per reference tool, each typed by the tool's output schema. */
const RICH_VIEWS = [
  richView(searchAssets, SearchView),
  richView(getAssetDetails, AssetDetailsView),
  richView(getCoinStatus, CoinStatusView),
  richView(getSwapDomains, DomainsView),
  richView(getSwapProviders, ProvidersView),
  richView(getProviderDetails, ProviderDetailsView),
  richView(getSwapQuote, SwapQuoteView),
  richView(getSwapRouteStep, RouteStepView),
  richView(getTokenPrices, PricesView),
  richView(getTrendingTokens, TrendingView),
  richView(getListingCategories, CategoriesView),
  // validate_address answers "invalid" with a tool error: its view has a verdict for that too.
  richView(validateAddress, ValidAddressView, InvalidAddressView),
  richView(checkTokenSecurity, TokenSecurityView),
];

/** The summary view of a call's result, or null when none fits (the panel then shows the JSON tree). */
export const richViewOf = (outcome: CallOutcome, data: unknown): RichRender | null => pickRichView(RICH_VIEWS, outcome, data);
