/** The app's version and the MCP SDK version it ships, read from the package manifest at build time (bundled in). */
import pkg from '../package.json' with { type: 'json' };

export const APP_VERSION: string = pkg.version;
/** The SDK is pinned exactly, so the manifest states the version that ships. */
export const MCP_SDK_VERSION: string = pkg.dependencies['@modelcontextprotocol/sdk'];
