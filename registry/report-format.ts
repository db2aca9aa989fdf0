/** Findings as text for a terminal (grouped by file, like a linter) and as stable JSON. */
import type { Finding } from './findings';
import type { RegistrySummary } from './scanner';

const LABEL: Record<Finding['severity'], string> = { error: 'error  ', warning: 'warning', info: 'note   ' };

/** The JSON shape of one finding: always the six documented keys, plus position and field when known. */
export function findingJson(f: Finding): Record<string, unknown> {
  return {
    severity: f.severity,
    code: f.code,
    path: f.path,
    chain: f.chain,
    id: f.id,
    message: f.message,
    ...(f.line !== undefined ? { line: f.line, column: f.column ?? null } : {}),
    ...(f.field !== undefined ? { field: f.field } : {}),
  };
}

function shortId(id: string): string {
  return id.length > 24 ? `${id.slice(0, 14)}…${id.slice(-6)}` : id;
}

/** Groups findings by file; `showInfo` false leaves out the notes. Findings must already be sorted. */
export function formatFindings(findings: readonly Finding[], options: { showInfo?: boolean } = {}): string {
  const lines: string[] = [];
  let current: string | undefined;
  for (const f of findings) {
    if (f.severity === 'info' && !options.showInfo) continue;
    if (f.path !== current) {
      if (current !== undefined) lines.push('');
      lines.push(f.path);
      current = f.path;
    }
    const at = f.line !== undefined ? `${f.line}:${f.column ?? 1}`.padEnd(8) : ''.padEnd(8);
    const who = f.id && !f.path.includes(f.id) ? ` [${shortId(f.id)}]` : '';
    lines.push(`  ${at}${LABEL[f.severity]}  ${f.code}${who}  ${f.message}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function countsLine(c: { errors: number; warnings: number; infos: number }): string {
  return `${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')}, ${plural(c.infos, 'note')}`;
}

export function summaryLine(s: RegistrySummary): string {
  return `${plural(s.chains, 'chain')}, ${plural(s.entries, 'validator')}, ${plural(s.logos, 'logo')}: ${countsLine(s)}.`;
}
