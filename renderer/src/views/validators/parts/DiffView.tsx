/** The list.json diff as a reader expects it: old and new line numbers, added lines green, removed red. */
import { useMemo } from 'react';
import { diffRows, diffStats } from '../diff-lines';

const SIGN = { add: '+', del: '−', same: ' ', hunk: '', file: '', note: '' } as const;

export function DiffView({ diff, label }: { diff: string; label: string }) {
  const rows = useMemo(() => diffRows(diff), [diff]);
  const stats = diffStats(rows);
  if (diff === '') return <p className="muted">list.json does not change.</p>;
  return (
    <div className="diff" role="region" aria-label={label} tabIndex={0}>
      <p className="diff-stats">
        <span className="up">+{stats.added} added</span>
        <span className={stats.removed ? 'down' : 'muted'}>−{stats.removed} removed</span>
      </p>
      <table>
        <tbody>
          {rows
            .filter((r) => r.kind !== 'file')
            .map((r, i) => (
              <tr key={i} className={`diff-${r.kind}`}>
                <td className="ln">{r.oldLine ?? ''}</td>
                <td className="ln">{r.newLine ?? ''}</td>
                <td className="sign">{SIGN[r.kind]}</td>
                <td className="code">{r.kind === 'note' ? `(${r.text})` : r.text}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
