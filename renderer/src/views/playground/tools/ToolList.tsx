import { useLayoutEffect } from 'react';
import type { ToolInfo } from '../../../../../domain/ipc/playground-channels';
import { MARK_CONNECTED, MARK_TOOLS_PAINTED } from '../state/connection-store';
import { useWorkbenchStore } from '../state/workbench-store';
import { initialValue } from '../form/schema-model';
import { annotationBadges, groupTools } from './tool-groups';

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
        <input type="search" aria-label="Search tools" placeholder={`Search ${tools.length} tools`} value={search} onChange={(e) => setSearch(e.target.value)} />
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
                  <span className="pg-tool-name">{tool.name}</span>
                  <span className="pg-tool-line">
                    <span className="pg-tool-title">{tool.title ?? ''}</span>
                    <span className="pg-tool-badges" aria-hidden="true">
                      {annotationBadges(tool).map((b) => (
                        <span key={b.label} className={`pg-mini ${b.tone}`} title={b.title}>
                          {b.short}
                        </span>
                      ))}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
