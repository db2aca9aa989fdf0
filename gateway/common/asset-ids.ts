import { parseAssetId, type AssetId, type Check } from '../../domain/index';

const MAX_ENTRIES = 10_000;
const cache = new Map<string, Check<AssetId>>();

/**
 * parseAssetId, remembered: agents ask for the same tokens again and again, and an EVM checksum
 * costs a Keccak hash, 50 of them per price request on both sides of the gateway. Parsing is pure,
 * so a cached answer is exact. The cache starts over when full rather than growing without bound.
 */
export function parseAssetIdCached(input: string): Check<AssetId> {
  let result = cache.get(input);
  if (result === undefined) {
    result = parseAssetId(input);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(input, result);
  }
  return result;
}
