import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebTransport } from './web-transport';

/** A fetch that answers /api/events with `chunks` (bytes, cut as given) and then ends the stream. */
function eventsFetch(chunks: Uint8Array[]): typeof fetch {
  return vi.fn(async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('browser-mode events', () => {
  it('parses the event stream by the standard: comments, CR and CRLF, no space after the colon, multi-line data, empty events, any chunking', async () => {
    const stream = new TextEncoder().encode(
      ': connected\n\ndata:{"event":"a","payload":1}\r\rid: 1\r\ndata:\r\n\r\ndata: {"event":"b",\ndata: "payload":{"n":"é"}}\n\n',
    );
    // Cut inside a CRLF and inside the two-byte "é".
    const cuts = [0, 30, stream.indexOf(0x0d, 50) + 1, 100, stream.indexOf(0xc3) + 1, stream.length];
    const chunks = cuts.slice(1).map((end, i) => stream.subarray(cuts[i], end));
    vi.stubGlobal('fetch', eventsFetch(chunks));
    const got: Array<[string, unknown]> = [];
    const transport = createWebTransport('token');
    const stop = transport.subscribe((event, payload) => got.push([event, payload]));
    await expect.poll(() => got.length).toBe(2);
    stop();
    expect(got).toEqual([
      ['a', 1],
      ['b', { n: 'é' }],
    ]);
  });
});
