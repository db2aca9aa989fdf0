import type { ToolInfo } from '../../../../../domain/ipc/playground-channels';
import { TOOL_GROUPS, type ToolGroup } from '../../../../../domain/tool-groups';

export interface GroupedTools {
  readonly group: ToolGroup;
  readonly tools: readonly ToolInfo[];
}

/** Tools matching the search (name, title or description, every word), in the spec's group order. */
export function groupTools(tools: readonly ToolInfo[], search: string): GroupedTools[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const match = (t: ToolInfo) => {
    const text = `${t.name} ${t.name.replace(/_/g, ' ')} ${t.title ?? ''} ${t.description ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  };
  return TOOL_GROUPS.map((group) => ({ group, tools: tools.filter((t) => t.group === group && match(t)) })).filter(
    (g) => g.tools.length > 0,
  );
}

export interface Badge {
  readonly label: string;
  /** For the compact tool list. */
  readonly short: string;
  readonly tone: 'ok' | 'warn' | 'bad' | 'accent' | 'neutral';
  readonly title: string;
}

/** The MCP tool annotations as badges; hints the server leaves out are not guessed. */
export function annotationBadges(tool: ToolInfo): Badge[] {
  const a = tool.annotations ?? {};
  const badges: Badge[] = [];
  if (a.readOnlyHint === true)
    badges.push({ label: 'read-only', short: 'read-only', tone: 'ok', title: 'readOnlyHint: the tool does not change anything' });
  if (a.destructiveHint === true && a.readOnlyHint !== true)
    badges.push({ label: 'destructive', short: 'destructive', tone: 'bad', title: 'destructiveHint: the tool may delete or overwrite' });
  if (a.idempotentHint === true)
    badges.push({
      label: 'idempotent',
      short: 'idempotent',
      tone: 'neutral',
      title: 'idempotentHint: calling it twice has the same effect as once',
    });
  if (a.openWorldHint === true)
    badges.push({
      label: 'open world',
      short: 'open',
      tone: 'accent',
      title: 'openWorldHint: the tool reaches outside systems (live market data)',
    });
  if (a.openWorldHint === false) badges.push({ label: 'closed world', short: 'closed', tone: 'neutral', title: 'openWorldHint: false' });
  return badges;
}
