/**
 * The doctor's network hops, each on its own so the report says which one broke: the name (DNS), the port
 * (TCP), the certificate (TLS: chain and CA, host name, validity dates). Each has a deadline; none sends
 * anything but a handshake.
 */
import { lookup } from 'node:dns/promises';
import { isIP, connect as tcpConnect, type Socket } from 'node:net';
import { checkServerIdentity, connect as tlsConnect, type PeerCertificate, type TLSSocket } from 'node:tls';
import { isLoopbackHost } from '../../domain/loopback-host';
import { fail, pass, skip, type Finding } from './hop';

export interface Endpoint {
  readonly url: URL;
  /** The host name without IPv6 brackets. */
  readonly host: string;
  readonly port: number;
}

export function endpointOf(url: URL): Endpoint {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return { url, host, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) };
}

export async function probeDns(endpoint: Endpoint, addresses: string[]): Promise<Finding> {
  if (isIP(endpoint.host)) {
    addresses.push(endpoint.host);
    return pass(`${endpoint.host} is an address; nothing to resolve`);
  }
  try {
    const found = await lookup(endpoint.host, { all: true });
    addresses.push(...found.map((a) => a.address));
    return pass(`${endpoint.host} → ${found.map((a) => a.address).join(', ')}`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return fail(
      'dns_not_found',
      `the name ${endpoint.host} does not resolve (${code || (error as Error).message})`,
      code === 'EAI_AGAIN'
        ? 'Your DNS server did not answer: check the network connection and try again.'
        : `Check the spelling of the gateway's address in the profile (companion login --profile NAME --url URL), and that this machine can look names up (network, VPN).`,
    );
  }
}

export function probeTcp(endpoint: Endpoint, address: string, timeoutMs: number): Promise<Finding> {
  return new Promise((resolve) => {
    const socket: Socket = tcpConnect({ host: address, port: endpoint.port });
    const done = (finding: Finding) => {
      socket.destroy();
      resolve(finding);
    };
    socket.setTimeout(timeoutMs, () =>
      done(
        fail(
          'tcp_timeout',
          `no answer from ${address} port ${endpoint.port} within ${Math.round(timeoutMs / 1000)} s`,
          'A firewall or the network drops the connection: check the port, the firewall and any VPN or proxy you need.',
        ),
      ),
    );
    socket.once('connect', () => done(pass(`${address} port ${endpoint.port} accepts connections`)));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') {
        const local = isLoopbackHost(endpoint.host);
        return done(
          fail(
            'connection_refused',
            `nothing listens on ${address} port ${endpoint.port} (connection refused)`,
            local
              ? `Start the gateway on port ${endpoint.port} (companion gateway --port ${endpoint.port}), or point the profile at the port it listens on.`
              : 'The gateway is down or the port in the profile is wrong: check the URL with whoever runs the gateway.',
          ),
        );
      }
      done(
        fail(
          'tcp_failed',
          `cannot connect to ${address} port ${endpoint.port}: ${error.code ?? error.message}`,
          'Check the network and the URL.',
        ),
      );
    });
  });
}

function names(cert: PeerCertificate): string {
  return (cert.subjectaltname ?? '').replace(/DNS:|IP Address:/g, '').trim() || String(cert.subject?.CN ?? 'none');
}

const UNKNOWN_CA = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);

/** Explains a verification failure with what the certificate says (fetched again without verification). */
function tlsFinding(code: string, message: string, cert: PeerCertificate | undefined, endpoint: Endpoint, profile: string): Finding {
  const about =
    cert && cert.valid_to
      ? ` (issued by ${String(cert.issuer?.CN ?? cert.issuer?.O ?? 'unknown')}, for ${names(cert)}, valid ${cert.valid_from} to ${cert.valid_to})`
      : '';
  if (UNKNOWN_CA.has(code))
    return fail(
      'unknown_ca',
      `the certificate is signed by an authority this machine does not trust${about}`,
      `Give the profile the gateway's CA certificate: companion login --profile ${profile} --ca-file <CA PEM file> (for the reference gateway, the caCert it prints). Never turn verification off.`,
    );
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return fail(
      'host_mismatch',
      `the certificate is not for ${endpoint.host}${about}`,
      `Use the address the certificate names (${cert ? names(cert) : 'see above'}) in the profile's URL, or have the gateway serve a certificate for ${endpoint.host}.`,
    );
  if (code === 'CERT_HAS_EXPIRED')
    return fail(
      'cert_expired',
      `the certificate expired on ${cert?.valid_to ?? 'a past date'}${about}`,
      "The gateway's operator must renew its certificate; also check this machine's clock.",
    );
  if (code === 'CERT_NOT_YET_VALID')
    return fail(
      'cert_not_yet_valid',
      `the certificate is valid only from ${cert?.valid_from ?? 'a later date'}`,
      "Check this machine's clock and date.",
    );
  return fail(
    'tls_failed',
    `no TLS handshake with port ${endpoint.port}: ${code || message}`,
    `Something that does not speak HTTPS holds port ${endpoint.port}, or the URL should not be https: check what listens there and the profile's URL.`,
  );
}

function handshake(endpoint: Endpoint, address: string, ca: string | undefined, verify: boolean, timeoutMs: number) {
  return new Promise<{ socket: TLSSocket } | { error: NodeJS.ErrnoException }>((resolve) => {
    const socket = tlsConnect({
      host: address,
      port: endpoint.port,
      ...(isIP(endpoint.host) ? {} : { servername: endpoint.host }),
      ...(ca ? { ca } : {}),
      rejectUnauthorized: verify,
      // The host name is checked against the URL's, whatever address it resolved to.
      checkServerIdentity: (_host, cert) => (verify ? checkServerIdentity(endpoint.host, cert) : undefined),
      ALPNProtocols: ['http/1.1'],
    });
    let settled = false;
    const settle = (outcome: { socket: TLSSocket } | { error: NodeJS.ErrnoException }) => {
      if (settled) return;
      settled = true;
      if ('error' in outcome) socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(timeoutMs, () =>
      settle({ error: Object.assign(new Error(`no TLS answer within ${Math.round(timeoutMs / 1000)} s`), { code: 'TLS_TIMEOUT' }) }),
    );
    socket.once('secureConnect', () => settle({ socket }));
    // A peer that is no TLS server may send errors after the first (a reset after a bad record): all are heard.
    socket.on('error', (error: NodeJS.ErrnoException) => settle({ error }));
    socket.once('close', () =>
      settle({ error: Object.assign(new Error('the connection closed before the TLS handshake'), { code: 'ECONNRESET' }) }),
    );
  });
}

export async function probeTls(
  endpoint: Endpoint,
  address: string,
  ca: string | undefined,
  profile: string,
  timeoutMs: number,
): Promise<Finding> {
  if (endpoint.url.protocol !== 'https:') return skip('plain http, allowed only to this machine');
  const first = await handshake(endpoint, address, ca, true, timeoutMs);
  if ('socket' in first) {
    const cert = first.socket.getPeerCertificate();
    const protocol = first.socket.getProtocol();
    first.socket.destroy();
    return pass(
      `${protocol ?? 'TLS'}, certificate for ${names(cert)} by ${String(cert.issuer?.CN ?? cert.issuer?.O ?? 'unknown')}, valid until ${cert.valid_to}`,
    );
  }
  const code = first.error.code ?? '';
  // Look at the certificate without trusting it, only to say what is wrong with it.
  const second = await handshake(endpoint, address, ca, false, timeoutMs);
  const cert = 'socket' in second ? second.socket.getPeerCertificate() : undefined;
  if ('socket' in second) second.socket.destroy();
  return tlsFinding(code, first.error.message, cert, endpoint, profile);
}
