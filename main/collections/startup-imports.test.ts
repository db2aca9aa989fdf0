/**
 * `companion test`'s time to its first call is mostly module loading: the runner speaks MCP with its own
 * small client (`mcp-tool-client.ts`), so it must load neither SDK client (the v2 one and the zod schemas
 * it builds as it loads were the largest single cost), nor the playground's session and the v1 client it
 * holds. Follows the static, non-type imports from the runner's entry module.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)[^'";]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm;

function resolveLocal(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((f) => existsSync(f) && f.match(/\.tsx?$/));
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
}

/** Every module loaded statically from `entry`: local files (relative to the root) and packages. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const relative = path.relative(ROOT, file);
    if (files.has(relative)) continue;
    files.add(relative);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.endsWith('.json')) files.add(path.relative(ROOT, path.resolve(path.dirname(file), specifier)));
      else if (specifier.startsWith('.')) queue.push(resolveLocal(file, specifier));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

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
