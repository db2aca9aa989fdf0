/**
 * `companion test`'s time to its first call is mostly module loading: the runner speaks MCP with its own
 * small client (`mcp-tool-client.ts`), so it must load neither SDK client (the v2 one and the zod schemas
 * it builds as it loads were the largest single cost), nor the playground's session and the v1 client it
 * holds. Follows the static, non-type imports from the runner's entry module.
 */
import { describe, expect, it } from 'vitest';
import { staticGraph } from '../../scripts/testing/static-imports';

describe('what companion test loads before its first call', () => {
  const graph = staticGraph('main/collections/run-collections.ts');

  it('follows the runner into the connection, its client and the bridge', () => {
    expect(graph.files).toContain('main/collections/connection.ts');
    expect(graph.files).toContain('main/collections/mcp-tool-client.ts');
    expect(graph.files).toContain('bridge/run-bridge.ts');
  });

  it("loads no MCP SDK (neither client), no zod, and not the playground's session", () => {
    expect(graph.files).not.toContain('main/playground/session.ts');
    expect([...graph.packages].filter((p) => p.startsWith('@modelcontextprotocol/') || p === 'zod' || p.startsWith('zod/'))).toEqual([]);
  });

  it('loads the embedded gateway, and ajv (which loads while the bridge connects), only on demand', () => {
    expect(graph.files).not.toContain('main/bridge-host/embedded-gateway.ts');
    expect(graph.files).not.toContain('main/playground/schema-validator.ts');
    expect(graph.packages).not.toContain('ajv');
  });
});
