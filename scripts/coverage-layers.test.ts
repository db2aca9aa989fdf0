import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageReport, layerFigures } from './coverage-layers';

const lines = (total: number, covered: number) => ({ lines: { total, covered } });

describe('coverage per layer', () => {
  it('sums lines per layer and leaves out files outside every layer', () => {
    const root = '/repo';
    const figures = layerFigures(
      {
        total: lines(1000, 500),
        '/repo/domain/a.ts': lines(10, 9),
        '/repo/domain/b/c.ts': lines(10, 10),
        '/repo/main/cli/x.ts': lines(4, 1),
        '/repo/scripts/test.ts': lines(50, 0),
      },
      root,
    );
    const byName = new Map(figures.map((f) => [f.name, f]));
    expect(byName.get('domain')).toMatchObject({ total: 20, covered: 19, percent: 95, floor: 97 });
    expect(byName.get('main (app and hosts)')).toMatchObject({ total: 4, covered: 1, percent: 25 });
    expect(byName.get('registry')).toMatchObject({ total: 0, percent: 100 });
  });

  it('names a layer under its floor', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coverage-'));
    const file = join(dir, 'coverage-summary.json');
    writeFileSync(file, JSON.stringify({ [join(dir, 'bridge/core.ts')]: lines(100, 84), [join(dir, 'preload/x.ts')]: lines(10, 1) }));
    const { lines: table, under } = coverageReport(file, dir);
    expect(under.map((f) => f.name)).toEqual(['bridge']);
    expect(table.find((l) => l.startsWith('bridge'))).toMatch(/84\.0 % of +100 lines +\(floor 92 %\)/);
    expect(table.find((l) => l.startsWith('preload'))).not.toMatch(/floor/);
  });
});
