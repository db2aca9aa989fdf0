import { resolve } from 'node:path';
import { defineCommand, UsageError, type Command } from '../command';
import type { OptionSpecs } from '../options';
import { portOption } from '../port-option';
import { DEFAULT_CREDENTIAL_HEADER, DEFAULT_SECRET_HEADER, headerNamesProblem, rateProblem } from '../../../domain/profile-gateway';
import { referenceGatewayDir } from '../../../platform/credentials/config-paths';

/** `--rate-limit 5` (per second) or `5:20` (per second, burst). */
function rateLimitOf(text: string | undefined): { perSecond: number; burst?: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)(?::(\d+))?$/.exec(text);
  const perSecond = m ? Number(m[1]) : NaN;
  const burst = m?.[2] === undefined ? undefined : Number(m[2]);
  if (!(perSecond > 0) || (burst !== undefined && burst < 1))
    throw new UsageError(`--rate-limit is requests per second, optionally with a burst, e.g. 1 or 5:20; got "${text}".`);
  return burst === undefined ? { perSecond } : { perSecond, burst };
}

/** `--rate 1`: the MCP endpoint's emulated tier, requests per second per account. */
function rateOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const rate = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (rateProblem(rate)) throw new UsageError(`--rate is requests per second per account, e.g. 1 (the free tier); got "${text}".`);
  return rate;
}

function headerNamesOption(credential: string | undefined, secret: string | undefined) {
  if (credential === undefined && secret === undefined) return undefined;
  const names = { credential: credential ?? DEFAULT_CREDENTIAL_HEADER, secret: secret ?? DEFAULT_SECRET_HEADER };
  const problem = headerNamesProblem(names);
  if (problem) throw new UsageError(`--credential-header/--secret-header: ${problem}.`);
  return names;
}

function dataDirOf(text: string | undefined): string {
  return text === undefined ? referenceGatewayDir() : resolve(text);
}

/** Resolves on Ctrl-C or SIGTERM. */
function untilStopped(): Promise<string> {
  return new Promise((done) => {
    const stop = (signal: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      done(signal);
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
}

/** The options both servers take; the gateway's descriptions, which the upstream's adapt. */
const COMMON_OPTIONS = {
  host: { type: 'string', value: 'H', description: 'Address to bind; keep it on loopback', default: '127.0.0.1' },
  port: { type: 'string', value: 'N', description: 'Port; 0 picks a free port', default: '0' },
  'data-dir': {
    type: 'string',
    value: 'DIR',
    description: `Where the CA, certificates and accounts live
(default: the app's reference-gateway folder)`,
  },
  'rate-limit': {
    type: 'string',
    value: 'N[:B]',
    description: `Built-in upstream: N requests/s per account, burst B (default generous;
1 is the free tier, which answers 429 beyond 1 request/s)`,
  },
  'test-hooks': {
    type: 'boolean',
    description: `Tests only: a search_assets query "slow:<ms>" makes the built-in upstream
wait that long (up to 60000 ms) before answering, so cancellation can be tested`,
  },
} as const satisfies OptionSpecs;

export const gatewayCommand = defineCommand({
  path: ['gateway'],
  summary: 'Run the reference gateway (MCP over HTTPS, offline data)',
  usage: `companion gateway [--host H] [--port N] [--path P] [--upstream URL]
                         [--tls-cert FILE --tls-key FILE] [--data-dir DIR]
                         [--rate-limit N[:BURST]] [--rate N] [--sse] [--test-hooks]
                         [--credential-header NAME] [--secret-header NAME]`,
  about: `Runs the reference gateway: the spec's MCP server (13 tools) on Streamable HTTP over HTTPS. Every
request must carry X-SVC-CREDENTIAL and X-SVC-SECRET-KEY (or the headers --credential-header and
--secret-header name); the gateway signs its REST calls to the
upstream with them (HMAC-SHA256). By default the upstream is the built-in reference service with an
offline dataset, so everything works without a network.

The first line on stdout is JSON for clients and scripts:
  {"url":"https://127.0.0.1:PORT/mcp","caCert":"<CA PEM path>","accessId":"…","secretKey":"…"}
accessId and secretKey are the demo account, created on first run and kept in the data dir.
Trust the CA certificate explicitly (e.g. NODE_EXTRA_CA_CERTS=<caCert>); never disable TLS checks.
Stop with Ctrl-C or SIGTERM.`,
  options: {
    host: COMMON_OPTIONS.host,
    port: COMMON_OPTIONS.port,
    path: { type: 'string', value: 'P', description: 'MCP endpoint path', default: '/mcp' },
    upstream: {
      type: 'string',
      value: 'URL',
      description: `Front another REST API of the same shape instead of the built-in one.
Clients then send that service's credentials.`,
    },
    'tls-cert': { type: 'string', value: 'FILE', description: "Serve this certificate (PEM) instead of the local CA's; needs --tls-key" },
    'tls-key': { type: 'string', value: 'FILE', description: 'Private key (PEM) for --tls-cert' },
    'data-dir': COMMON_OPTIONS['data-dir'],
    'rate-limit': COMMON_OPTIONS['rate-limit'],
    rate: {
      type: 'string',
      value: 'N',
      description: `Emulate a gateway tier: N requests/s per account at the MCP endpoint, each
request beyond answered 429 with Retry-After (1 is the public gateway's free tier).
The app's built-in gateway takes it from Settings → Built-in gateway, or from
GATEWAY_COMPANION_EMBEDDED_RATE, which wins`,
    },
    'credential-header': {
      type: 'string',
      value: 'NAME',
      description: `Read the access id from this header instead of X-SVC-CREDENTIAL
(e.g. X-TW-CREDENTIAL, as the public gateway names it)`,
    },
    'secret-header': {
      type: 'string',
      value: 'NAME',
      description: 'Read the secret key from this header instead of X-SVC-SECRET-KEY (e.g. X-TW-SECRET-KEY)',
    },
    sse: { type: 'boolean', description: 'Answer each POST with an SSE stream instead of one JSON body' },
    'test-hooks': COMMON_OPTIONS['test-hooks'],
  },
  positionals: false,
  async run({ values }, io) {
    if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined))
      throw new UsageError('--tls-cert and --tls-key go together: give both, or neither.');
    if (values.upstream !== undefined && !/^https?:\/\/[^\s]+$/.test(values.upstream))
      throw new UsageError(`--upstream must be an http(s) URL, got "${values.upstream}".`);
    if (!values.path.startsWith('/')) throw new UsageError(`--path must start with /, got "${values.path}".`);
    if (values.upstream !== undefined && values['rate-limit'] !== undefined)
      throw new UsageError('--rate-limit applies to the built-in upstream; the service behind --upstream sets its own limits.');
    const rate = rateOf(values.rate);
    const credentialHeaders = headerNamesOption(values['credential-header'], values['secret-header']);
    const { startGateway } = await import('../../../gateway/index');
    const gateway = await startGateway({
      rate,
      credentialHeaders,
      dataDir: dataDirOf(values['data-dir']),
      host: values.host,
      port: portOption(values.port),
      path: values.path,
      upstream: values.upstream,
      tlsCert: values['tls-cert'] === undefined ? undefined : resolve(values['tls-cert']),
      tlsKey: values['tls-key'] === undefined ? undefined : resolve(values['tls-key']),
      rateLimit: rateLimitOf(values['rate-limit']),
      testHooks: values['test-hooks'] ?? false,
      responseMode: values.sse ? 'sse' : 'json',
    });
    // Listen for signals before printing: whoever reads the line may stop us at once.
    const stopped = untilStopped();
    io.stdout.write(
      `${JSON.stringify({ url: gateway.url, caCert: gateway.caCertPath, accessId: gateway.accessId, secretKey: gateway.secretKey })}\n`,
    );
    io.stderr.write(
      `Reference gateway on ${gateway.url}, upstream ${gateway.upstreamUrl}${values['test-hooks'] ? ' (test hooks on)' : ''}. Ctrl-C to stop.\n`,
    );
    const signal = await stopped;
    await gateway.close();
    io.stderr.write(`Reference gateway stopped (${signal}).\n`);
    return 0;
  },
});

export const gatewayUpstreamCommand = defineCommand({
  path: ['gateway', 'upstream'],
  summary: 'Run only the reference REST upstream (HMAC-signed, offline data)',
  usage: 'companion gateway upstream [--host H] [--port N] [--data-dir DIR] [--rate-limit N[:BURST]] [--test-hooks]',
  about: `Runs the reference upstream on its own: the REST API the gateway signs its calls to, with the
offline dataset. Every request needs a valid HMAC-SHA256 signature of a registered account
(accounts.json in the data dir). Point a gateway at it with: companion gateway --upstream <url>

The first line on stdout is JSON: {"url":"http://127.0.0.1:PORT","accessId":"…","secretKey":"…"}
Stop with Ctrl-C or SIGTERM.`,
  options: {
    host: { ...COMMON_OPTIONS.host, description: 'Address to bind' },
    port: COMMON_OPTIONS.port,
    'data-dir': { ...COMMON_OPTIONS['data-dir'], description: "Where the accounts live (default: the app's reference-gateway folder)" },
    'rate-limit': { ...COMMON_OPTIONS['rate-limit'], description: 'N requests/s per account, burst B (1 is the free tier)' },
    'test-hooks': { ...COMMON_OPTIONS['test-hooks'], description: 'Honour "slow:<ms>" search queries (tests only)' },
  },
  positionals: false,
  async run({ values }, io) {
    const { startUpstream } = await import('../../../gateway/index');
    const upstream = await startUpstream({
      dataDir: dataDirOf(values['data-dir']),
      host: values.host,
      port: portOption(values.port),
      rateLimit: rateLimitOf(values['rate-limit']),
      testHooks: values['test-hooks'] ?? false,
    });
    const demo = upstream.accounts.demo();
    const stopped = untilStopped();
    io.stdout.write(`${JSON.stringify({ url: upstream.url, accessId: demo.accessId, secretKey: demo.secretKey })}\n`);
    io.stderr.write(`Reference upstream on ${upstream.url}. Ctrl-C to stop.\n`);
    const signal = await stopped;
    await upstream.close();
    io.stderr.write(`Reference upstream stopped (${signal}).\n`);
    return 0;
  },
});

export const gatewayCommands: readonly Command[] = [gatewayCommand, gatewayUpstreamCommand];
