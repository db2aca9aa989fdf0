/**
 * What a module loads before anything of its own runs: the static, non-type imports from an entry,
 * followed through local files. Start-up guards use it to keep a command's first load to what it needs
 * (what is loaded on demand, with `import()`, is not followed).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)[^'";]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm;

function resolveLocal(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((f) => existsSync(f) && f.match(/\.tsx?$/));
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
}

/** Every module loaded statically from `entry` (relative to the repository root): local files (relative to the root) and packages. */
export function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
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
