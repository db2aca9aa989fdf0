import { describe, expect, it } from 'vitest';
import type { RegistryFinding } from '../../../../domain/ipc/registry-channels';
import { chainCounts, filterFindings, NO_FILTERS, orderFindings, severityCounts } from './findings-filter';

const f = (
  chain: string | null,
  severity: RegistryFinding['severity'],
  code: string,
  extra: Partial<RegistryFinding> = {},
): RegistryFinding => ({
  severity,
  code,
  chain,
  id: null,
  path: `blockchains/${chain}/validators/list.json`,
  message: `${code} in ${chain}`,
  meaning: '',
  ...extra,
});
const findings = [
  f('kava', 'info', 'list-indentation'),
  f('umee', 'error', 'id-invalid', { id: 'bandvaloper1x', line: 9 }),
  f('kava', 'error', 'logo-missing'),
  f('umee', 'warning', 'text-zero-width', { line: 2 }),
];

describe('registry check findings', () => {
  it('filters by chain, severity and text', () => {
    expect(filterFindings(findings, { ...NO_FILTERS, chain: 'umee' })).toHaveLength(2);
    expect(filterFindings(findings, { ...NO_FILTERS, severity: 'error' }).map((x) => x.code)).toEqual(['id-invalid', 'logo-missing']);
    expect(filterFindings(findings, { ...NO_FILTERS, text: 'BANDVALOPER' }).map((x) => x.code)).toEqual(['id-invalid']);
    expect(filterFindings(findings, NO_FILTERS)).toHaveLength(4);
  });
  it('counts per chain and severity, and puts what blocks submissions first', () => {
    expect(chainCounts(findings)).toEqual([
      { chain: 'kava', count: 2 },
      { chain: 'umee', count: 2 },
    ]);
    expect(severityCounts(findings)).toEqual({ error: 2, warning: 1, info: 1 });
    expect(orderFindings(findings).map((x) => `${x.severity}:${x.chain}`)).toEqual([
      'error:kava',
      'error:umee',
      'warning:umee',
      'info:kava',
    ]);
  });
});
