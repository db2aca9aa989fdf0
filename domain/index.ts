/** Public API of the pure domain module (no Node or Electron APIs: it runs in the renderer too). */
export type { Check } from './result';
export { COINS, getCoin, normalizeCoinId } from './coins';
export { REGISTRY_CHAINS, getRegistryChain, checkValidatorId, suggestChainSlug } from './registry-chains';
export { parseAssetId, formatAssetId, type AssetId } from './asset-id';
export { checkContract, checkAddress, describeAddressFormat } from './addresses';
export { toChecksumAddress } from './formats/evm-address';
