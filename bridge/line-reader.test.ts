import { describe, expect, it } from 'vitest';
import { idFromFragments, LineReader, type LineEvent } from './line-reader';

function collect(max: number, chunks: Array<string | Buffer>, end = false): LineEvent[] {
  const events: LineEvent[] = [];
  const reader = new LineReader(max, (e) => events.push(e));
  for (const c of chunks) reader.push(typeof c === 'string' ? Buffer.from(c) : c);
  if (end) reader.end();
  return events;
}

describe('LineReader', () => {
  it('splits on newlines across chunks, strips CR and skips blank lines', () => {
    expect(collect(1000, ['{"a":1}\n{"b"', ':2}\r\n\n  \n{"c":3}'], true)).toEqual([
      { kind: 'line', text: '{"a":1}' },
      { kind: 'line', text: '{"b":2}' },
      { kind: 'line', text: '{"c":3}' },
    ]);
  });

  it('keeps a multi-byte character split between chunks intact', () => {
    const bytes = Buffer.from('{"t":"€"}\n');
    expect(collect(1000, [bytes.subarray(0, 7), bytes.subarray(7)])).toEqual([{ kind: 'line', text: '{"t":"€"}' }]);
  });

  it('reports an oversized line without buffering it, then carries on', () => {
    const big = `{"jsonrpc":"2.0","method":"x","params":{"p":"${'y'.repeat(5000)}"},"id":"big-1"}`;
    const events = collect(1024, [big.slice(0, 3000), big.slice(3000), '\n{"ok":true}\n']);
    expect(events[0]).toMatchObject({ kind: 'oversized', bytes: big.length });
    expect(events[1]).toEqual({ kind: 'line', text: '{"ok":true}' });
    const e = events[0] as Extract<LineEvent, { kind: 'oversized' }>;
    expect(idFromFragments(e.head, e.tail)).toBe('big-1');
  });
});

describe('idFromFragments', () => {
  it('finds a leading or trailing top-level id, and nothing in nested objects', () => {
    expect(idFromFragments('{"jsonrpc":"2.0","id":7,"method":"x","params":{', '')).toBe(7);
    expect(idFromFragments('', ',"jsonrpc":"2.0","id":"a\\"b"}')).toBe('a"b');
    expect(idFromFragments('{"method":"x","params":{"id":3', '"z":{"id":4}}}')).toBeNull();
  });
});
