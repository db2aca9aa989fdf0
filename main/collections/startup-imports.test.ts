/**
 * `companion test`'s time to its first call is mostly module loading: the runner must load one MCP
 * client (the v2 SDK's), not also the playground's session and the v1 SDK client it holds (about 120 ms
 * more on an idle machine). Follows the static, non-type imports from the runner's entry module.
 */
import { describe, expect, it } from 'vitest';
import { staticGraph } from '../../scripts/testing/static-imports';

describe('what companion test loads before its first call', () => {
  const graph = staticGraph('main/collections/run-collections.ts');

  it('follows the runner into the connection and the bridge', () => {
    expect(graph.files).toContain('main/collections/connection.ts');
    expect(graph.files).toContain('bridge/run-bridge.ts');
    expect(graph.packages).toContain('@modelcontextprotocol/client');
  });

  it("loads neither the playground's session nor the v1 SDK client", () => {
    expect(graph.files).not.toContain('main/playground/session.ts');
    expect([...graph.packages].filter((p) => p.startsWith('@modelcontextprotocol/sdk/client'))).toEqual([]);
  });

  it('loads the embedded gateway only on demand', () => {
    expect(graph.files).not.toContain('main/bridge-host/embedded-gateway.ts');
  });
});
