import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sse-parser';

function parse(chunks: (string | Uint8Array)[], max = 1 << 20): { events: SseEvent[]; parser: SseParser } {
  const events: SseEvent[] = [];
  const parser = new SseParser(max, (e) => events.push(e));
  for (const c of chunks) parser.push(typeof c === 'string' ? Buffer.from(c) : c);
  return { events, parser };
}

/** Every way of cutting `stream` in two, and one byte at a time: each must give what the whole gives. */
function everySplit(stream: string | Uint8Array): Array<Uint8Array[]> {
  const bytes = typeof stream === 'string' ? Buffer.from(stream) : Buffer.from(stream);
  const splits: Array<Uint8Array[]> = [];
  for (let i = 1; i < bytes.length; i++) splits.push([bytes.subarray(0, i), bytes.subarray(i)]);
  splits.push(Array.from(bytes, (b) => Uint8Array.of(b)));
  return splits;
}

describe('SseParser (WHATWG event stream)', () => {
  it('does not dispatch the priming event of a resumable MCP server, but keeps its id and retry', () => {
    const { events, parser } = parse([
      'id: 0_priming\nretry: 1000\ndata: \n\n',
      'event: message\nid: 1\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n',
    ]);
    expect(events).toEqual([{ event: 'message', id: '1', data: '{"jsonrpc":"2.0","id":1,"result":{}}' }]);
    expect(parser.lastEventId).toBe('1');
    expect(parser.retryMs).toBe(1000);
    const primingOnly = parse(['id: 7\ndata:\n\n']);
    expect(primingOnly.events).toEqual([]);
    expect(primingOnly.parser.lastEventId).toBe('7');
  });

  it('joins multi-line data with LF, strips one space after the colon, defaults the type to "message"', () => {
    const { events } = parse(['data: {"a":\ndata:1}\n\nevent: note\ndata:  two spaces\ndata\n\n']);
    expect(events).toEqual([
      { event: 'message', data: '{"a":\n1}' },
      { event: 'note', data: ' two spaces\n' },
    ]);
  });

  it('ignores comments (keep-alives), unknown fields, a non-numeric retry and an id holding NUL', () => {
    const { events, parser } = parse([': keep-alive\n\n:\nfoo: bar\nretry: soon\nid: a\0b\ndata: x\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'x' }]);
    expect(parser.retryMs).toBeUndefined();
    expect(parser.lastEventId).toBeUndefined();
  });

  it('keeps the last id across events without one, and an empty id clears it', () => {
    const { parser } = parse(['id: 5\ndata: a\n\ndata: b\n\n']);
    expect(parser.lastEventId).toBe('5');
    expect(parse(['id: 5\ndata: a\n\nid:\ndata: b\n\n']).parser.lastEventId).toBeUndefined();
  });

  it('accepts LF, CR and CRLF line ends, mixed', () => {
    const { events } = parse(['data: one\r\n\r\ndata: two\r\rdata: three\n\ndata: four\r\n\n']);
    expect(events.map((e) => e.data)).toEqual(['one', 'two', 'three', 'four']);
  });

  it('skips a leading byte-order mark, only at the start of the stream', () => {
    const bom = [0xef, 0xbb, 0xbf];
    const { events } = parse([Uint8Array.from([...bom, ...Buffer.from('data: after bom\n\n')])]);
    expect(events).toEqual([{ event: 'message', data: 'after bom' }]);
    // Later, the same bytes are part of a line: a field name no one knows.
    const later = parse(['data: a\n\n', Uint8Array.from([...bom, ...Buffer.from('data: b\n\n')])]);
    expect(later.events.map((e) => e.data)).toEqual(['a']);
    // A BOM split over chunks is still a BOM.
    expect(parse([Uint8Array.of(0xef), Uint8Array.of(0xbb, 0xbf), 'data: x\n\n']).events).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('dispatches nothing for an event the stream ends before finishing', () => {
    expect(parse(['data: half']).events).toEqual([]);
    expect(parse(['data: half\n']).events).toEqual([]);
  });

  it('gives the same events however the bytes are cut, CRLF, CR, BOM and multi-byte UTF-8 included', () => {
    const stream =
      '\uFEFF: hi\r\nid: 0\r\ndata:\r\n\r\nevent: message\r\nid: 1\r\ndata: {"t":"héllo 👋"}\r\ndata: more\r\r: c\ndata: ✓\n\n';
    const whole = parse([stream]);
    expect(whole.events).toEqual([
      { event: 'message', id: '1', data: '{"t":"héllo 👋"}\nmore' },
      { event: 'message', data: '✓' },
    ]);
    for (const chunks of everySplit(stream)) {
      const split = parse(chunks);
      expect(split.events).toEqual(whole.events);
      expect(split.parser.lastEventId).toBe('1');
    }
  });

  it('refuses an event larger than the limit, whether or not its line has ended', () => {
    expect(() => parse([`data: ${'x'.repeat(2000)}\n`], 1000)).toThrow(/exceeds 1000 bytes/);
    expect(() => parse([`data: ${'x'.repeat(2000)}`], 1000)).toThrow(/exceeds 1000 bytes/);
    const lines = Array.from({ length: 30 }, () => `data: ${'y'.repeat(50)}\n`);
    expect(() => parse(lines, 1000)).toThrow(/exceeds 1000 bytes/);
    expect(
      parse(
        Array.from({ length: 30 }, () => `data: ${'y'.repeat(50)}\n\n`),
        1000,
      ).events,
    ).toHaveLength(30);
  });
});
