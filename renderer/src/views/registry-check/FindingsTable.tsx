/** The findings, one row each; choosing a row (or its message) opens the finding. */
import { getRegistryChain } from '../../../../domain/index';
import type { RegistryFinding } from '../../../../domain/ipc/registry-channels';
import { SeverityBadge } from '../validators/parts/common';

/** Inside a chain's folder the chain column already says where: show the part below validators/. */
const shortPath = (path: string) => path.replace(/^blockchains\/[^/]+\/validators\//, '');

export function FindingsTable({ findings, onOpen }: { findings: RegistryFinding[]; onOpen: (finding: RegistryFinding) => void }) {
  return (
    <table className="data findings-table">
      <colgroup>
        <col className="col-severity" />
        <col className="col-chain" />
        <col />
        <col className="col-where" />
      </colgroup>
      <thead>
        <tr>
          <th>Severity</th>
          <th>Chain</th>
          <th>Finding</th>
          <th>Where</th>
        </tr>
      </thead>
      <tbody>
        {findings.map((f, i) => (
          <tr key={`${f.path}-${f.code}-${f.line ?? 0}-${f.field ?? ''}-${i}`} className="finding-row" onClick={() => onOpen(f)}>
            <td>
              <SeverityBadge severity={f.severity} />
            </td>
            <td>{f.chain ? (getRegistryChain(f.chain)?.name ?? f.chain) : '—'}</td>
            <td>
              <button
                type="button"
                className="link-button finding-open"
                disabled={!f.chain}
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(f);
                }}
              >
                {f.message}
              </button>
              <div className="muted small">
                {f.id && <code className="finding-id">{f.id}</code>} <code className="finding-code">{f.code}</code>
              </div>
            </td>
            <td className="mono where" title={f.path}>
              {shortPath(f.path)}
              {f.line ? `:${f.line}` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
