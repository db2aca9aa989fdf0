import type { ToolDefinition } from '../tool-kit';
import { getTokenPrices, getTrendingTokens, getListingCategories } from './market';
import { checkTokenSecurity, validateAddress } from './security';
import { getProviderDetails, getSwapDomains, getSwapProviders, getSwapQuote, getSwapRouteStep } from './swap';
import { getAssetDetails, getCoinStatus, searchAssets } from './token-info';

/** The 13 tools, grouped and ordered as the spec lists them. */
export const TOOLS: readonly ToolDefinition[] = [
  searchAssets,
  getAssetDetails,
  getCoinStatus,
  getSwapDomains,
  getSwapProviders,
  getProviderDetails,
  getSwapQuote,
  getSwapRouteStep,
  getTokenPrices,
  getTrendingTokens,
  getListingCategories,
  validateAddress,
  checkTokenSecurity,
];
