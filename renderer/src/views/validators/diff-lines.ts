/** A unified diff split into rows with old and new line numbers, for the Review step's diff view. */
export interface DiffRow {
  kind: 'file' | 'hunk' | 'add' | 'del' | 'same' | 'note';
  text: string;
  oldLine?: number;
  newLine?: number;
}

export function diffRows(diff: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let oldLine = 0;
  let newLine = 0;
  for (const line of diff.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('--- ') || line.startsWith('+++ ')) {
      rows.push({ kind: 'file', text: line });
    } else if (line.startsWith('@@')) {
      const m = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
      oldLine = Number(m?.[1] ?? 0);
      newLine = Number(m?.[2] ?? 0);
      rows.push({ kind: 'hunk', text: line });
    } else if (line.startsWith('\\')) {
      rows.push({ kind: 'note', text: line.slice(2) });
    } else if (line.startsWith('+')) {
      rows.push({ kind: 'add', text: line.slice(1), newLine: newLine++ });
    } else if (line.startsWith('-')) {
      rows.push({ kind: 'del', text: line.slice(1), oldLine: oldLine++ });
    } else {
      rows.push({ kind: 'same', text: line.slice(1), oldLine: oldLine++, newLine: newLine++ });
    }
  }
  return rows;
}

export function diffStats(rows: readonly DiffRow[]): { added: number; removed: number } {
  return { added: rows.filter((r) => r.kind === 'add').length, removed: rows.filter((r) => r.kind === 'del').length };
}

/** The entry is formatted as it sits inside the list (one level in); shown on its own, that indent is removed. */
export function dedentEntry(json: string): string {
  const lines = json.split('\n');
  const indent = /^[ \t]*/.exec(lines.at(-1) ?? '')?.[0] ?? '';
  return lines.map((l, i) => (i > 0 && l.startsWith(indent) ? l.slice(indent.length) : l)).join('\n');
}
