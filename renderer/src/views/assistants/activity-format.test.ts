import { describe, expect, it } from 'vitest';
import type { ActivityRecord } from '../../../../domain/ipc/assistants-channels';
import { argumentsSummary, filterActivity, formatDuration, formatTime, resultLabel, toolCounts } from './activity-format';

const rec = (tool: string, ok: boolean, errorCode?: number | string): ActivityRecord => ({
  time: '2025-05-01T10:00:00.000Z',
  profile: 'default',
  tool,
  arguments: {},
  durationMs: 5,
  ok,
  ...(errorCode !== undefined ? { errorCode } : {}),
});
const records = [
  rec('search_assets', true),
  rec('get_swap_quote', false, -32001),
  rec('search_assets', false, 'tool_error'),
  rec('get_token_prices', true),
];

describe('activity panel helpers', () => {
  it('filters by tool, by errors, and by both', () => {
    expect(filterActivity(records, { tool: '', errorsOnly: false })).toHaveLength(4);
    expect(filterActivity(records, { tool: 'search_assets', errorsOnly: false }).map((r) => r.ok)).toEqual([true, false]);
    expect(filterActivity(records, { tool: '', errorsOnly: true }).map((r) => r.tool)).toEqual(['get_swap_quote', 'search_assets']);
    expect(filterActivity(records, { tool: 'get_token_prices', errorsOnly: true })).toEqual([]);
  });

  it('counts calls per tool, sorted by name', () => {
    expect(toolCounts(records)).toEqual([
      { tool: 'get_swap_quote', count: 1 },
      { tool: 'get_token_prices', count: 1 },
      { tool: 'search_assets', count: 2 },
    ]);
  });

  it('formats durations, results and arguments', () => {
    expect([formatDuration(3.4), formatDuration(999.6), formatDuration(1234), formatDuration(65_000), formatDuration(-1)]).toEqual([
      '3 ms',
      '1.00 s',
      '1.23 s',
      '65.0 s',
      '–',
    ]);
    expect(records.map(resultLabel)).toEqual(['OK', 'Timed out', 'Error tool_error', 'OK']);
    expect(resultLabel(rec('x', false, 'cancelled'))).toBe('Cancelled');
    expect(resultLabel(rec('x', false))).toBe('Error');
    expect(argumentsSummary({ chain: 'ethereum', query: 'usdc' })).toBe('{"chain":"ethereum","query":"usdc"}');
    expect(argumentsSummary({})).toBe('');
    expect(argumentsSummary({ q: 'x'.repeat(200) }, 20)).toBe('{"q":"xxxxxxxxxxxxx…');
  });

  it('shows the date only for calls on another day', () => {
    const now = new Date(2025, 4, 1, 18, 0, 0);
    expect(formatTime(new Date(2025, 4, 1, 9, 5, 7).toISOString(), now)).toBe('09:05:07');
    expect(formatTime(new Date(2025, 3, 30, 23, 59, 1).toISOString(), now)).toBe('30 Apr 23:59:01');
    expect(formatTime('not a time', now)).toBe('not a time');
  });
});
