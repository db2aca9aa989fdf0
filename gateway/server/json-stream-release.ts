import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

interface StreamEntry {
  resolveJson?: (response: Response) => void;
  cleanup: () => void;
}

/**
 * Works around an SDK leak (modelcontextprotocol/typescript-sdk#2559, still in 1.32): in JSON
 * response mode the transport answers a POST by calling the stream entry's `resolveJson` but never
 * removes the entry, so a session keeps every answered Response (the whole body text) until it
 * closes: about 27 KB per `get_token_prices` call, so the benchmark's heap grew by 150 MB in seven
 * seconds and garbage collection took a growing share of the CPU. The entry is useless once resolved
 * (the SDK's fix on its main branch calls `cleanup()` right there), so this removes it at that
 * moment. If the SDK's internals change shape it does nothing; returns whether it is in place.
 */
export function releaseAnsweredJsonStreams(transport: StreamableHTTPServerTransport): boolean {
  const inner = (transport as unknown as { _webStandardTransport?: { _streamMapping?: unknown } })._webStandardTransport;
  const streams = inner?._streamMapping;
  if (!(streams instanceof Map)) return false;
  const set = streams.set.bind(streams) as (id: string, entry: StreamEntry) => Map<string, StreamEntry>;
  streams.set = (id: string, entry: StreamEntry) => {
    const resolve = entry?.resolveJson;
    if (typeof resolve !== 'function') return set(id, entry);
    const released: StreamEntry = {
      ...entry,
      resolveJson: (response) => {
        // Only if the entry is still this one (the SDK may have cleaned it up itself).
        if (streams.get(id) === released) streams.delete(id);
        resolve(response);
      },
    };
    return set(id, released);
  };
  return true;
}
