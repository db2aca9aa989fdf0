/**
 * A loopback HTTP front that adds the two credential headers and forwards everything else unchanged (Host
 * and Origin included) to the gateway over HTTPS. The conformance suite cannot send custom headers, so this is
 * how it reaches the gateway "directly": every MCP-level answer is the gateway's own.
 */
import { createServer } from 'node:http';
import { request } from 'node:https';
import { isIP, type AddressInfo } from 'node:net';
import type { RunningGateway } from '../../gateway/index';

export async function startHeaderProxy(gateway: RunningGateway): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(gateway.url);
  const server = createServer((req, res) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        ca: gateway.caCertPem,
        // TLS checks the gateway's own name, whatever Host the client sent (the DNS-rebinding scenario sends a
        // foreign one, which Node would otherwise use for SNI and the certificate check).
        servername: isIP(target.hostname) ? '' : target.hostname,
        headers: { ...req.headers, 'x-svc-credential': gateway.accessId, 'x-svc-secret-key': gateway.secretKey },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
    res.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
