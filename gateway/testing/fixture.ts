import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { startGateway, type GatewayOptions, type RunningGateway } from '../start';

/** A gateway on a free port with its own temporary data dir; `dispose` closes it and deletes the dir. */
export async function startTestGateway(
  options: Partial<GatewayOptions> = {},
): Promise<{ gateway: RunningGateway; dataDir: string; dispose: () => Promise<void> }> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'gw-test-')));
  const gateway = await startGateway({ ...options, dataDir });
  return {
    gateway,
    dataDir,
    dispose: async () => {
      await gateway.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  /** The body parsed as JSON, or undefined. */
  readonly json: unknown;
}

// Keep-alive connections per CA, so hundreds of raw requests do not each pay a TLS handshake.
const agents = new Map<string, HttpsAgent>();
function agentFor(caCertPem: string): HttpsAgent {
  let agent = agents.get(caCertPem);
  if (!agent) {
    agent = new HttpsAgent({ keepAlive: true, maxSockets: 16, ca: caCertPem, servername: 'localhost' });
    agents.set(caCertPem, agent);
  }
  return agent;
}

/** One HTTPS request to the gateway with full control of headers and body, trusting exactly its CA. */
export function rawRequest(
  gateway: Pick<RunningGateway, 'url' | 'caCertPem'>,
  init: { method?: string; headers?: Record<string, string>; body?: string; path?: string } = {},
): Promise<RawResponse> {
  const url = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: init.path ?? url.pathname,
        method: init.method ?? 'POST',
        // An explicit length frames a body on any method (Node sends DELETE bodies unframed otherwise).
        headers: { ...init.headers, ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}) },
        ca: gateway.caCertPem,
        // Verify the certificate as localhost even when a test forges the Host header.
        servername: 'localhost',
        agent: agentFor(gateway.caCertPem),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } as const;

export const initializeBody = (id = 1) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-test', version: '1' } },
  });
