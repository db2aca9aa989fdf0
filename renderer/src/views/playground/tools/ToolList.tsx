import { useLayoutEffect, type ReactElement } from 'react';
import type { ToolInfo } from '../../../../../domain/ipc/playground-channels';
import { MARK_CONNECTED, MARK_TOOLS_PAINTED } from '../state/playground-mutations';
import { useWorkbenchStore } from '../state/workbench-store';
import { initialValue } from '../form/schema-model';
import { annotationBadges, groupTools } from './tool-groups';

const icon = {
  width: 12,
  height: 12,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/** Compact annotation badges for the list (the tool panel spells them out). */
const BADGE_ICONS: Record<string, ReactElement> = {
  'read-only': (
    <svg {...icon}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  ),
  'open world': (
    <svg {...icon}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  ),
  destructive: (
    <svg {...icon}>
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
    </svg>
  ),
  idempotent: (
    <svg {...icon}>
      <path d="M4 12a8 8 0 0 1 14-5.3L20 9M20 4v5h-5M20 12a8 8 0 0 1-14 5.3L4 15M4 20v-5h5" />
    </svg>
  ),
};

/** The list shows a description's first sentence; the whole text is the tooltip and the tool panel's. */
function firstSentence(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const end = text.search(/\.(\s|$)/);
  return end > 0 ? text.slice(0, end + 1) : text;
}

/** The tool list, grouped as the spec groups them; each tool is a button named after the tool. */
export function ToolList({ tools }: { tools: readonly ToolInfo[] }) {
  const selected = useWorkbenchStore((s) => s.tool);
  const search = useWorkbenchStore((s) => s.search);
  const { selectTool, setSearch } = useWorkbenchStore.getState();
  const groups = groupTools(tools, search);
  const shown = groups.reduce((n, g) => n + g.tools.length, 0);

  useLayoutEffect(() => {
    // For the "within 200 ms of connecting" figure: the frame after the list is in the DOM.
    if (performance.getEntriesByName(MARK_CONNECTED).length > 0 && performance.getEntriesByName(MARK_TOOLS_PAINTED).length === 0) {
      requestAnimationFrame(() => performance.mark(MARK_TOOLS_PAINTED));
    }
  }, [tools]);

  return (
    <nav className="panel pg-tools" aria-label="Tools">
      <div className="pg-tools-head">
        <input
          type="search"
          aria-label="Search tools"
          placeholder={`Search ${tools.length} tools`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {shown === 0 && <p className="muted pg-small pg-pad">No tool matches “{search}”.</p>}
      {groups.map(({ group, tools: list }) => (
        <section key={group} className="pg-tool-group" aria-label={group}>
          <h3>
            {group} <span className="pg-count">{list.length}</span>
          </h3>
          <ul>
            {list.map((tool) => (
              <li key={tool.name}>
                <button
                  type="button"
                  className={tool.name === selected ? 'pg-tool active' : 'pg-tool'}
                  aria-label={tool.name}
                  aria-current={tool.name === selected ? 'true' : undefined}
                  title={tool.description}
                  onClick={() => selectTool(tool.name, (initialValue(tool.inputSchema, tool.inputSchema) as Record<string, unknown>) ?? {})}
                >
                  <span className="pg-tool-line">
                    <span className="pg-tool-name">{tool.name}</span>
                    <span className="pg-tool-badges" aria-hidden="true">
                      {annotationBadges(tool).map((b) => (
                        <span key={b.label} className={`pg-mini-icon ${b.tone}`} title={`${b.label}: ${b.title}`}>
                          {BADGE_ICONS[b.label] ?? b.short}
                        </span>
                      ))}
                    </span>
                  </span>
                  <span className="pg-tool-desc-line">{firstSentence(tool.description) ?? tool.title ?? ''}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
