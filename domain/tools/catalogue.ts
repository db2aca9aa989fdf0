/**
 * The gateway's 13 tool contracts, grouped and ordered as the spec lists them. This is the one ordered
 * list: the reference gateway serves its tools in this order and the mock lists recorded tools from it.
 */
import type { ToolContract } from './contract';
import { getListingCategories, getTokenPrices, getTrendingTokens } from './market';
import { checkTokenSecurity, validateAddress } from './security';
import { getProviderDetails, getSwapDomains, getSwapProviders, getSwapQuote, getSwapRouteStep } from './swap';
import { getAssetDetails, getCoinStatus, searchAssets } from './token-info';

export const TOOL_CONTRACTS: readonly ToolContract[] = [
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

/** The contract of a tool by name, or undefined for a tool the spec does not have. */
export const toolContract = (name: string): ToolContract | undefined => TOOL_CONTRACTS.find((c) => c.name === name);
