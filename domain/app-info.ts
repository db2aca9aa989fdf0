import pkg from '../package.json' with { type: 'json' };

export const PRODUCT_NAME = 'Gateway Companion';
export const APP_VERSION: string = pkg.version;
/** The SDK is pinned exactly, so the manifest states the version that ships. */
export const MCP_SDK_VERSION: string = pkg.dependencies['@modelcontextprotocol/sdk'];
