import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './text-diff';

/** Applies a unified diff produced by unifiedDiff to `before` (a tiny patch(1)). */
function applyPatch(before: string, diff: string): string {
  if (diff === '') return before;
  const srcFinalNewline = before === '' || before.endsWith('\n');
  const src = before === '' ? [] : (srcFinalNewline ? before.slice(0, -1) : before).split('\n');
  const out: string[] = [];
  let cursor = 0;
  let destMarker = false;
  let srcMarker = false;
  const lines = diff.split('\n').slice(2, -1);
  lines.forEach((line, i) => {
    const header = /^@@ -(\d+),(\d+) \+\d+,\d+ @@$/.exec(line);
    if (header) {
      const start = Number(header[2]) === 0 ? Number(header[1]) : Number(header[1]) - 1;
      out.push(...src.slice(cursor, start));
      cursor = start;
      return;
    }
    if (line.startsWith('\\')) return;
    const marked = lines[i + 1]?.startsWith('\\') ?? false;
    if (line[0] === ' ' || line[0] === '-') cursor++;
    if (line[0] === ' ' || line[0] === '+') out.push(line.slice(1));
    if (marked && line[0] !== '-') destMarker = true;
    if (marked && line[0] === '-') srcMarker = true;
  });
  out.push(...src.slice(cursor));
  const finalNewline = destMarker ? false : srcMarker ? true : srcFinalNewline;
  return out.length === 0 ? '' : out.join('\n') + (finalNewline ? '\n' : '');
}

describe('unifiedDiff', () => {
  it('shows an append before the closing line as added lines only', async () => {
    const before = '[\n    {\n        "id": "a"\n    }\n]';
    const after = '[\n    {\n        "id": "a"\n    },\n    {\n        "id": "b"\n    }\n]';
    expect(await unifiedDiff(before, after, { path: 'list.json' })).toBe(
      [
        '--- a/list.json',
        '+++ b/list.json',
        '@@ -1,5 +1,8 @@',
        ' [',
        '     {',
        '         "id": "a"',
        '+    },',
        '+    {',
        '+        "id": "b"',
        '     }',
        ' ]',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
  });

  it('is empty for equal texts and marks a changed final newline', async () => {
    expect(await unifiedDiff('a\n', 'a\n', { path: 'x' })).toBe('');
    expect(await unifiedDiff('a', 'a\n', { path: 'x' })).toBe('--- a/x\n+++ b/x\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+a\n');
  });

  it('round-trips random edits through a patch', async () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let t = 0; t < 300; t++) {
      const a = Array.from({ length: rand(30) }, () => `l${rand(6)}`);
      const b = [...a];
      for (let e = rand(6); e > 0; e--) {
        const at = rand(b.length + 1);
        if (rand(2) === 0) b.splice(at, 1);
        else b.splice(at, 0, `n${rand(6)}`);
      }
      const before = a.join('\n') + (rand(2) ? '\n' : '');
      const after = b.join('\n') + (rand(2) ? '\n' : '');
      const diff = await unifiedDiff(before, after, { path: 'f', context: rand(4) });
      expect(applyPatch(before, diff), `${JSON.stringify(before)} -> ${JSON.stringify(after)}`).toBe(after);
    }
  });

  it('shows texts too different to align as one hunk that replaces every line', async () => {
    // 1,386 differing lines: past the limit, so even the seven shared lines show as removed and added.
    const text = (word: string) => Array.from({ length: 700 }, (_, i) => (i % 100 === 50 ? 'kept' : `${word} ${i}`));
    const before = text('old').join('\n');
    const after = `${text('new').join('\n')}\n`;
    const diff = await unifiedDiff(before, after, { path: 'f' });
    const lines = diff.split('\n');
    expect(lines.slice(0, 4)).toEqual(['--- a/f', '+++ b/f', '@@ -1,700 +1,700 @@', '-old 0']);
    expect(lines.filter((l) => l.startsWith('@@') || l.startsWith(' '))).toHaveLength(1);
    expect(lines.filter((l) => l === '-kept' || l === '+kept')).toHaveLength(14);
    expect(lines[703]).toBe('\\ No newline at end of file');
    expect(lines[704]).toBe('+new 0');
    expect(applyPatch(before, diff)).toBe(after);
  });
});
