import type { EmbeddedGatewayStarter } from '../../bridge/profile-target';

/**
 * The app's composition of two engines: a bridge whose profile is `embedded` forwards to the reference
 * gateway, found on its loopback port or started in-process. Loaded on demand, so a bridge for a remote
 * profile never loads the gateway.
 */
export const startEmbeddedGateway: EmbeddedGatewayStarter = async (request) =>
  (await import('./embedded-gateway')).ensureEmbeddedGateway(request);
