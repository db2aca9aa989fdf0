import { useAppInfo } from '../app/app-info';

export function AboutView() {
  const { data: info, error } = useAppInfo();

  if (error) return <p className="callout error">Could not read version details: {error.message}</p>;
  if (!info) return <p className="muted">Loading…</p>;
  const rows: [string, string | undefined][] = [
    ['Gateway Companion', info.version],
    ['Running as', info.host === 'electron' ? 'Desktop app (Electron)' : 'Browser mode'],
    ['Electron', info.versions.electron],
    ['Chromium', info.versions.chrome],
    ['Node.js', info.versions.node],
    ['V8', info.versions.v8],
    ['MCP SDK', info.versions.mcpSdk],
    ['Platform', `${info.platform} (${info.arch})`],
  ];
  return (
    <section className="panel narrow" aria-labelledby="about-title">
      <h2 id="about-title">About {info.productName}</h2>
      <p className="muted">A desktop companion for the agent data gateway and the staking validator registry.</p>
      <dl className="facts">
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
