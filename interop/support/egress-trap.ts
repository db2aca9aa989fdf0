/**
 * An HTTP proxy on loopback that refuses everything and notes where it was asked to go. Hosts that honour
 * HTTPS_PROXY (Codex does) get it, with NO_PROXY for loopback, so their calls home (update checks,
 * feature flags) never leave the machine even where the tests cannot run in a loopback-only network.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EgressTrap {
  readonly url: string;
  /** host:port of each refused attempt, in order. */
  readonly attempts: string[];
  /** The variables that point a host at the trap. */
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

export async function startEgressTrap(): Promise<EgressTrap> {
  const attempts: string[] = [];
  const server = createServer((req, res) => {
    attempts.push(req.headers.host ?? req.url ?? '?');
    res.writeHead(403).end();
  });
  server.on('connect', (req, socket) => {
    attempts.push(req.url ?? '?');
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const noProxy = '127.0.0.1,localhost,::1';
  return {
    url,
    attempts,
    env: {
      HTTPS_PROXY: url,
      HTTP_PROXY: url,
      ALL_PROXY: url,
      https_proxy: url,
      http_proxy: url,
      all_proxy: url,
      NO_PROXY: noProxy,
      no_proxy: noProxy,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
