/** Public API of the pure domain module (no Node or Electron APIs: it runs in the renderer too). */
export { ok, fail, type Check } from './result';
export { checkPlainText, MAX_ID_LENGTH } from './input';
export { COINS, getCoin, normalizeCoinId, type Coin, type CoinFamily } from './coins';
export { REGISTRY_CHAINS, getRegistryChain, checkValidatorId, suggestChainSlug, type RegistryChain } from './registry-chains';
export { parseAssetId, formatAssetId, type AssetId } from './asset-id';
export { checkContract, checkAddress, describeAddressFormat } from './addresses';
export { toChecksumAddress } from './formats/evm-address';
