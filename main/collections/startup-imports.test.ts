/**
 * `companion test`'s time to its first call is mostly module loading: the runner must load one MCP
 * client (the v2 SDK's), not also the playground's session and the v1 SDK client it holds (about 120 ms
 * more on an idle machine). Follows the static, non-type imports from the runner's entry module.
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
