import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../../domain/ipc/playground-channels';
import { annotationBadges, groupTools } from './tool-groups';

const tool = (name: string, group: ToolInfo['group'], description = ''): ToolInfo => ({
  name,
  group,
  description,
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true, openWorldHint: true },
});
const list = [
  tool('validate_address', 'Security', 'Check a wallet address'),
  tool('search_assets', 'Token information', 'Search tokens by symbol'),
  tool('get_swap_quote', 'Swap & bridge', 'Best routes to swap or bridge'),
  tool('custom', 'Other'),
];

describe('tool list', () => {
  it('groups in the spec order, leaving out empty groups', () => {
    expect(groupTools(list, '').map((g) => [g.group, g.tools.map((t) => t.name)])).toEqual([
      ['Token information', ['search_assets']],
      ['Swap & bridge', ['get_swap_quote']],
      ['Security', ['validate_address']],
      ['Other', ['custom']],
    ]);
  });

  it('searches names (with or without underscores) and descriptions, every word', () => {
    expect(groupTools(list, 'swap quote').flatMap((g) => g.tools.map((t) => t.name))).toEqual(['get_swap_quote']);
    expect(groupTools(list, 'SYMBOL').flatMap((g) => g.tools.map((t) => t.name))).toEqual(['search_assets']);
    expect(groupTools(list, 'wallet bridge')).toEqual([]);
  });

  it('shows the hints the server gave, and only those', () => {
    expect(annotationBadges(list[0]!).map((b) => b.label)).toEqual(['read-only', 'open world']);
    expect(annotationBadges({ ...list[0]!, annotations: { destructiveHint: true, idempotentHint: true } }).map((b) => b.label)).toEqual([
      'destructive',
      'idempotent',
    ]);
    expect(annotationBadges({ ...list[0]!, annotations: undefined })).toEqual([]);
  });
});
