import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(baseDir: string, paths: string[]): Promise<string[]> {
  const { output } = await cruise(paths, {
    baseDir,
    ruleSet: { forbidden: config.forbidden ?? [] },
    validate: true,
    tsPreCompilationDeps: true,
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name} ${v.from} → ${v.to}`).sort();
}

// `npm run lint:deps` applies the same rules to the real tree; this proves each rule can fail.
describe('layer rules (.dependency-cruiser.cjs)', () => {
  it('fail on every kind of breach in a fixture tree', async () => {
    const found = await violations(join(ROOT, 'scripts/fixtures/layers'), [
      'domain',
      'main',
      'bridge',
      'gateway',
      'renderer',
      'platform',
      'registry',
    ]);
    expect(found).toEqual(
      expect.arrayContaining([
        'domain-is-pure domain/pure.ts → main/services/app.ts',
        'no-node-in-domain-or-renderer domain/pure.ts → fs',
        'no-node-in-domain-or-renderer renderer/view.ts → path',
        'bridge-is-an-engine bridge/engine.ts → gateway/engine.ts',
        'renderer-only-domain renderer/view.ts → platform/glue.ts',
        'no-orphans registry/orphan.ts → registry/orphan.ts',
      ]),
    );
    expect(found.some((v) => v.startsWith('no-circular '))).toBe(true);
  });
});
