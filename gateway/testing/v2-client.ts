import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { fetchTrusting } from './client';

/** Which era the official v2 SDK client speaks: the 2025 handshake, or pinned to the stateless 2026 revision. */
export type ClientEra = 'legacy' | '2026-07-28';

export interface V2ConnectOptions {
  readonly url: string;
  readonly caCertPem: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly era: ClientEra;
}

/** The official v2 SDK client (`@modelcontextprotocol/client`) over HTTPS with the credential headers, in one era. */
export async function connectV2Client(options: V2ConnectOptions): Promise<{ client: Client; close: () => Promise<void> }> {
  const { fetch, agent } = fetchTrusting(options.caCertPem);
  const transport = new StreamableHTTPClientTransport(new URL(options.url), { requestInit: { headers: { ...options.headers } }, fetch });
  const client = new Client(
    { name: 'gateway-test-v2', version: '2.0.0' },
    { versionNegotiation: { mode: options.era === 'legacy' ? 'legacy' : { pin: options.era } } },
  );
  await client.connect(transport);
  return {
    client,
    close: async () => {
      await client.close();
      await agent.close();
    },
  };
}
