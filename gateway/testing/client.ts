import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setMaxListeners } from 'node:events';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';

export interface ConnectOptions {
  readonly url: string;
  /** PEM of the CA to trust, in addition to nothing else: verification stays on. */
  readonly caCertPem: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * A fetch for the SDK transport that trusts exactly the given CA (verification stays on, server
 * names are checked). It is built on undici's `request`, which is much lighter than WHATWG fetch
 * and, unlike it, detaches from the caller's AbortSignal when a request ends: the SDK passes one
 * session-wide signal to every fetch, where fetch leaves a listener per request behind.
 */
export function fetchTrusting(caCertPem: string): { fetch: typeof fetch; agent: Agent } {
  const agent = new Agent({ connect: { ca: caCertPem } });
  const f = async (input: Parameters<typeof fetch>[0], init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // Every call in flight listens on the session's one signal; that many listeners is expected.
    if (init.signal) setMaxListeners(0, init.signal);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const res = await request(url, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined && init.body !== null ? { body: init.body as string } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
      dispatcher: agent,
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(key, v);
    }
    if (NULL_BODY_STATUS.has(res.statusCode)) {
      res.body.resume();
      return new Response(null, { status: res.statusCode, headers: responseHeaders });
    }
    return new Response(Readable.toWeb(res.body) as ReadableStream<Uint8Array>, { status: res.statusCode, headers: responseHeaders });
  };
  return { fetch: f, agent };
}

/** The official SDK client connected over HTTPS with the credential headers. */
export async function connectClient(options: ConnectOptions): Promise<{ client: Client; close: () => Promise<void> }> {
  const { fetch, agent } = fetchTrusting(options.caCertPem);
  const transport = new StreamableHTTPClientTransport(new URL(options.url), { requestInit: { headers: { ...options.headers } }, fetch });
  const client = new Client({ name: 'gateway-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    close: async () => {
      await client.close();
      await agent.close();
    },
  };
}

export const credentialHeaders = (g: { accessId: string; secretKey: string }) => ({
  'X-SVC-CREDENTIAL': g.accessId,
  'X-SVC-SECRET-KEY': g.secretKey,
});
