/** The reference gateway: the spec's MCP server over HTTPS, signing its calls to an offline REST upstream. */
export { startGateway, type GatewayOptions, type RunningGateway, type EmbeddedUpstream } from './start';
export type { HttpFault } from './server/injected-faults';
export { startUpstream, type UpstreamOptions, type RunningUpstream } from './upstream/server';
export type { Account, Scope } from './upstream/accounts';
export { DEMO_RATE_LIMIT, type RateLimit } from './upstream/rate-limit';
