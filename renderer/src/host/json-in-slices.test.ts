import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutJson, parseJsonInSlices, readJsonInSlices } from './json-in-slices';

/** Tiny pieces, so even small documents are cut along their structure; no real pause. */
const tiny = { piece: 8, sliceMs: 0, pause: () => Promise.resolve() };
/** Piece sizes from one member or item per run to runs of several. */
const pieces = fc.constantFrom(8, 24, 64);
/** Documents with ASCII strings and with any Unicode, so that runs hold multi-byte characters. */
const documents = fc.oneof(fc.jsonValue(), fc.jsonValue({ stringUnit: 'binary' }));

const utf8 = (text: string) => new TextEncoder().encode(text);

/** JSON.parse's answer for the text Response.text() decodes from the bytes, or the fact that it throws. */
function native(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false };
  }
}

/** Parsed in slices, the cut made on the page or, as browser mode's worker does, beforehand with cutJson. */
async function sliced(
  bytes: Uint8Array,
  where: 'page' | 'worker' = 'page',
  piece = tiny.piece,
): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  const options = { ...tiny, piece };
  try {
    if (where === 'page') return { ok: true, value: await parseJsonInSlices(bytes, options) };
    const cut = cutJson(bytes, piece);
    return { ok: true, value: await parseJsonInSlices(bytes, cut ? { ...options, cut } : options) };
  } catch (error) {
    return { ok: false, error };
  }
}

describe('JSON parsed in slices', () => {
  it('gives exactly what JSON.parse gives, for any document, compact or pretty, its cut made on the page or by the worker', async () => {
    await fc.assert(
      fc.asyncProperty(documents, fc.constantFrom(undefined, 2, '\t'), pieces, async (value, space, piece) => {
        const text = JSON.stringify(value, null, space);
        const want = { ok: true, value: JSON.parse(text) };
        expect(await sliced(utf8(text), 'page', piece)).toEqual(want);
        expect(await sliced(utf8(text), 'worker', piece)).toEqual(want);
      }),
      { numRuns: 400 },
    );
  });

  it('fails exactly where JSON.parse fails, with a SyntaxError, for broken structure and bad bytes alike', async () => {
    // ASCII that matters to the structure, and bytes that break UTF-8: a lone continuation byte, lead
    // bytes without their continuation, a byte-order mark in the middle.
    const inserts = fc.constantFrom(
      ...['', ',', ':', '"', '[', ']', '{', '}', '\\', ' ', 'x', '1'].map(utf8),
      Uint8Array.of(0x80),
      Uint8Array.of(0xc3),
      Uint8Array.of(0xe2, 0x82),
      Uint8Array.of(0xef, 0xbb, 0xbf),
      Uint8Array.of(0xff),
    );
    await fc.assert(
      fc.asyncProperty(documents, fc.nat(), inserts, pieces, async (value, at, insert, piece) => {
        const bytes = utf8(JSON.stringify(value, null, 1));
        const i = at % (bytes.length + 1);
        // Replace or insert.
        for (const broken of [
          Uint8Array.of(...bytes.subarray(0, i), ...insert, ...bytes.subarray(i + insert.length)),
          Uint8Array.of(...bytes.subarray(0, i), ...insert, ...bytes.subarray(i)),
        ])
          for (const where of ['page', 'worker'] as const) {
            const want = native(broken);
            const got = await sliced(broken, where, piece);
            if (want.ok) expect(got).toEqual(want);
            else {
              expect(got.ok).toBe(false);
              expect((got as { error: unknown }).error).toBeInstanceOf(SyntaxError);
            }
          }
      }),
      { numRuns: 400 },
    );
  });

  it('handles the cases a structure scan gets wrong: escapes, brackets in strings, __proto__, duplicates, trailing commas', async () => {
    const cases = [
      '{"a\\"]},":"[{\\\\","b":["]",{"c":"\\u005d"}]}',
      '{"__proto__":{"polluted":true},"x":1}',
      '{"a":1,"b":2,"a":3}',
      '[1,2,]',
      '[,1]',
      '{"a":1,}',
      '{"a"}',
      '[1]]',
      '[1],[2]',
      '  [ 1 , 2 ]  ',
      '[]',
      '{}',
      '["unterminated]',
      '{"a":[1}]',
      // Large containers (over the tiny piece) closed by the wrong bracket, or followed by more than a comma.
      '[1,2,3,4,5,6}',
      '{"a":[1,2,3,4,5,6}}',
      '[[1,2,3,4,5,6},1]',
      '[[1,2,3,4,5,6] 7,1]',
      '{"a":{"b":1,"c":2,"d":3} "e"}',
      '\uFEFF["a byte-order mark first, as Response.text() drops it"]',
      '["a byte-order mark", \uFEFF"inside"]',
    ];
    for (const text of cases)
      for (const where of ['page', 'worker'] as const)
        expect(await sliced(utf8(text), where), text).toEqual(
          native(utf8(text)).ok ? native(utf8(text)) : expect.objectContaining({ ok: false }),
        );
    // Members parsed in separate runs and together: the prototype stays, a repeated key keeps its first place and its last value.
    for (const piece of [8, 20, 40, 1024]) {
      const bytes = utf8('{"__proto__":{"x":1},"b":1,"1":2,"b":3}');
      const proto = (await parseJsonInSlices(bytes, { ...tiny, piece, cut: cutJson(bytes, piece)! })) as Record<string, unknown>;
      expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
      expect(Object.keys(proto)).toEqual(['1', '__proto__', 'b']);
      expect(Object.getOwnPropertyDescriptor(proto, '__proto__')?.value).toEqual({ x: 1 });
      expect(proto['b']).toBe(3);
    }
  });

  it('reads containers nested deeper than its cut can follow as JSON.parse does, in one go', async () => {
    const deep = utf8(`${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`);
    expect(() => cutJson(deep, 1024)).toThrow(RangeError);
    // Walked down level by level: a deep comparison would overflow the stack itself.
    let value = await parseJsonInSlices(deep, { ...tiny, piece: 1024 });
    let levels = 0;
    while (Array.isArray(value) && value.length === 1) [value, levels] = [value[0], levels + 1];
    expect([levels, value]).toEqual([100_000, 'x']);
  });

  it('lets the page run between slices of a large document', async () => {
    const doc = { items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] })) };
    const bytes = utf8(JSON.stringify(doc));
    let pauses = 0;
    const value = await parseJsonInSlices(bytes, { piece: 16 * 1024, sliceMs: 0, pause: async () => void pauses++ });
    expect(value).toEqual(doc);
    expect(pauses).toBeGreaterThan(bytes.length / (16 * 1024));
  });

  it('hands the value over after a last pause, so that rendering it starts a task of its own', async () => {
    const bytes = utf8(JSON.stringify({ items: Array.from({ length: 2_000 }, (_, i) => ({ id: i })) }));
    const events: string[] = [];
    const value = await parseJsonInSlices(bytes, {
      piece: 1024,
      sliceMs: 60_000,
      cut: cutJson(bytes, 1024)!,
      pause: async () => void events.push('pause'),
    });
    events.push('value');
    expect(value).toEqual(JSON.parse(new TextDecoder().decode(bytes)));
    // A whole slice was never used up: the one pause is the last one.
    expect(events).toEqual(['pause', 'value']);
  });

  it('cuts large containers into runs of at most a piece, and leaves short documents to be parsed whole', () => {
    expect(cutJson(utf8('[1,2,3]'), 1024)).toBeUndefined();
    const bytes = utf8(JSON.stringify({ ok: true, value: { items: Array.from({ length: 1_000 }, (_, i) => ({ id: i, name: `n${i}` })) } }));
    const cut = cutJson(bytes, 1024)!;
    // A few dozen numbers for a document of thousands of values: little to hand over besides the bytes.
    expect(cut.length).toBeLessThan(bytes.length / 100);
  });

  it('reads a response as Response.text() and JSON.parse do: a byte-order mark dropped, bad bytes replaced', async () => {
    const bytes = Uint8Array.of(0xef, 0xbb, 0xbf, ...utf8('{"n":"é€😀","bad":"'), 0xff, ...utf8('"}'));
    const want = JSON.parse(await new Response(bytes).text()) as unknown;
    expect(await readJsonInSlices(new Response(bytes), tiny)).toEqual(want);
    const doc = { items: Array.from({ length: 500 }, (_, i) => ({ i, s: 'ü'.repeat(i % 7) })) };
    expect(await readJsonInSlices(new Response(JSON.stringify(doc)), tiny)).toEqual(doc);
  });
});
