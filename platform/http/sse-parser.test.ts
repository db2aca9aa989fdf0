import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sse-parser';

function parse(chunks: string[], max = 1 << 20): { events: SseEvent[]; parser: SseParser } {
  const events: SseEvent[] = [];
  const parser = new SseParser(max, (e) => events.push(e));
  for (const c of chunks) parser.push(Buffer.from(c));
  return { events, parser };
}

describe('SseParser', () => {
  it('dispatches data events, joins multi-line data, ignores comments and data-less events', () => {
    const { events, parser } = parse([
      ': keep-alive\n\nid: 1\n\n',
      'event: message\nid: 2\ndata: {"a":\ndata: 1}\n\n',
      'retry: 1500\ndata:x\n\n',
    ]);
    expect(events).toEqual([
      { event: 'message', data: '{"a":\n1}', id: '2' },
      { event: 'message', data: 'x' },
    ]);
    expect(parser.lastEventId).toBe('2');
    expect(parser.retryMs).toBe(1500);
  });

  it('handles CRLF and CR line ends, including a CRLF split across chunks', () => {
    const { events } = parse(['data: one\r', '\n\r\ndata: two\r\r']);
    expect(events.map((e) => e.data)).toEqual(['one', 'two']);
  });

  it('refuses an event larger than the limit', () => {
    expect(() => parse([`data: ${'x'.repeat(2000)}\n`], 1000)).toThrow(/exceeds 1000 bytes/);
    expect(() => parse([`data: ${'x'.repeat(2000)}`], 1000)).toThrow(/exceeds 1000 bytes/);
  });
});
