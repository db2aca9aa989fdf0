// The bridge's public surface for the CLI, the Electron main process (--mcp-bridge) and the app's playground.
export { runBridge, DEFAULT_MAX_MESSAGE_BYTES, type RunBridgeOptions } from './run-bridge';
export type { EmbeddedGateway, EmbeddedGatewayRequest, EmbeddedGatewayStarter } from './profile-target';
export { readAuditLog, type AuditRecord } from './audit-log';
export { createLogger, type Logger } from './logger';
export { ErrorCode, type Cause } from './jsonrpc';
export { probeProfile, type ProbeResult } from './probe';
