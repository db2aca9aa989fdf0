/**
 * A unified diff (as `git diff` prints it) to show a planned write before it happens. The common head
 * and tail are trimmed first, so an append or a one-entry change costs next to nothing; the middle is
 * compared with Myers' algorithm, which finds the shortest edit (an append shows as added lines only).
 */
type Op = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): { lines: string[]; finalNewline: boolean } {
  if (text === '') return { lines: [], finalNewline: true };
  const lines = text.split('\n');
  const finalNewline = lines.at(-1) === '';
  if (finalNewline) lines.pop();
  return { lines, finalNewline };
}

/** Beyond this many differing lines the diff is shown as "all removed, all added" (never the case for one-entry writes). */
const MYERS_LIMIT = 2000;

/** Shortest edit script between a and b (Myers 1986; the trace keeps only the diagonals reached at each step). */
function myers(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  if (n + m > MYERS_LIMIT) return [...a.map((line): Op => ({ kind: '-', line })), ...b.map((line): Op => ({ kind: '+', line }))];
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  const at = (d: number, k: number) => trace[d]![k + d]!;
  for (let d = 0; d <= max; d++) {
    let done = false;
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) done = true;
    }
    trace.push(v.slice(offset - d, offset + d + 1));
    if (done) break;
  }
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const k = x - y;
    const down = k === -d || (k !== d && at(d - 1, k - 1) < at(d - 1, k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(d - 1, prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: ' ', line: a[x]! });
    }
    if (down) ops.push({ kind: '+', line: b[--y]! });
    else ops.push({ kind: '-', line: a[--x]! });
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    ops.push({ kind: ' ', line: a[x]! });
  }
  return ops.reverse();
}

export interface DiffOptions {
  /** Shown in the `---`/`+++` header. */
  path: string;
  /** Unchanged lines around each change (default 3). */
  context?: number;
}

/** Empty string when the texts are equal. */
export function unifiedDiff(before: string, after: string, options: DiffOptions): string {
  if (before === after) return '';
  const context = options.context ?? 3;
  const a = splitLines(before);
  const b = splitLines(after);
  // A missing final newline is part of the last line, as git shows it.
  const al = a.lines.map((l, i) => (i === a.lines.length - 1 && !a.finalNewline ? `${l}\0` : l));
  const bl = b.lines.map((l, i) => (i === b.lines.length - 1 && !b.finalNewline ? `${l}\0` : l));
  let head = 0;
  while (head < al.length && head < bl.length && al[head] === bl[head]) head++;
  let tail = 0;
  while (tail < al.length - head && tail < bl.length - head && al[al.length - 1 - tail] === bl[bl.length - 1 - tail]) tail++;
  const ops: Op[] = [
    ...al.slice(0, head).map((line): Op => ({ kind: ' ', line })),
    ...myers(al.slice(head, al.length - tail), bl.slice(head, bl.length - tail)),
    ...al.slice(al.length - tail).map((line): Op => ({ kind: ' ', line })),
  ];

  const out = [`--- a/${options.path}`, `+++ b/${options.path}`];
  let i = 0;
  let aLine = 1;
  let bLine = 1;
  while (i < ops.length) {
    if (ops[i]!.kind === ' ') {
      i++;
      aLine++;
      bLine++;
      continue;
    }
    // A hunk: back up `context` lines, then run until `2*context` unchanged lines in a row.
    const start = Math.max(0, i - context);
    let end = i;
    let quiet = 0;
    while (end < ops.length && quiet <= 2 * context) {
      quiet = ops[end]!.kind === ' ' ? quiet + 1 : 0;
      end++;
    }
    end -= Math.max(0, quiet - context);
    const hunk = ops.slice(start, end);
    const aStart = aLine - (i - start);
    const bStart = bLine - (i - start);
    const aCount = hunk.filter((o) => o.kind !== '+').length;
    const bCount = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${aCount === 0 ? aStart - 1 : aStart},${aCount} +${bCount === 0 ? bStart - 1 : bStart},${bCount} @@`);
    for (const op of hunk) {
      const noNewline = op.line.endsWith('\0');
      out.push(`${op.kind}${noNewline ? op.line.slice(0, -1) : op.line}`);
      if (noNewline) out.push('\\ No newline at end of file');
    }
    for (const op of ops.slice(i, end)) {
      if (op.kind !== '+') aLine++;
      if (op.kind !== '-') bLine++;
    }
    i = end;
  }
  return `${out.join('\n')}\n`;
}
