import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Agent, fetch as undiciFetch } from 'undici';

export interface ConnectOptions {
  readonly url: string;
  /** PEM of the CA to trust, in addition to nothing else: verification stays on. */
  readonly caCertPem: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A fetch that trusts exactly the given CA (and verifies the server name), for clients of the local gateway. */
export function fetchTrusting(caCertPem: string): { fetch: typeof fetch; agent: Agent } {
  const agent = new Agent({ connect: { ca: caCertPem } });
  const f = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => undiciFetch(input as never, { ...(init as object), dispatcher: agent } as never)) as unknown as typeof fetch;
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

export const credentialHeaders = (g: { accessId: string; secretKey: string }) => ({ 'X-SVC-CREDENTIAL': g.accessId, 'X-SVC-SECRET-KEY': g.secretKey });
