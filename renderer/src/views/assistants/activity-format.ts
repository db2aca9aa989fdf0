/** Filtering and formatting of tool-call records for the Activity panel (pure, so it is unit-tested). */
import type { ActivityRecord } from '../../../../domain/ipc/assistants-channels';
import { redactSecrets } from '../../../../domain/redact';

export interface ActivityFilters {
  /** '' for every tool. */
  readonly tool: string;
  readonly errorsOnly: boolean;
}

export function filterActivity(records: readonly ActivityRecord[], filters: ActivityFilters): ActivityRecord[] {
  return records.filter((r) => (filters.tool === '' || r.tool === filters.tool) && (!filters.errorsOnly || !r.ok));
}

/** Tools seen in the records with their call counts, by name. */
export function toolCounts(records: readonly ActivityRecord[]): Array<{ tool: string; count: number }> {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.tool, (counts.get(r.tool) ?? 0) + 1);
  return [...counts].map(([tool, count]) => ({ tool, count })).sort((a, b) => a.tool.localeCompare(b.tool));
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** The time of day, with the date in front when it is not `now`'s day. */
export function formatTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? time : `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

/** The result column: "OK", or "Error" with the JSON-RPC or tool error code. */
export function resultLabel(r: ActivityRecord): string {
  if (r.ok) return 'OK';
  if (r.errorCode === 'cancelled') return 'Cancelled';
  if (r.errorCode === -32001) return 'Timed out';
  return r.errorCode === undefined ? 'Error' : `Error ${r.errorCode}`;
}

/**
 * The arguments on one short line. Main redacts them already; the rule is applied again here, so
 * nothing secret-looking reaches the screen whatever path a record took.
 */
export function argumentsSummary(args: unknown, max = 90): string {
  if (args === undefined || args === null) return '';
  let text: string;
  try {
    text = JSON.stringify(redactSecrets(args));
  } catch {
    return '';
  }
  if (text === '{}' || text === '[]') return '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
