import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeInSlices, parseJsonInSlices, readJsonInSlices, readTextInSlices } from './json-in-slices';

/** Tiny pieces, so even small documents are cut along their structure; no real pause. */
const tiny = { piece: 8, sliceMs: 0, pause: () => Promise.resolve() };

/** JSON.parse's answer, or the fact that it throws. */
function native(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

async function sliced(text: string): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await parseJsonInSlices(text, tiny) };
  } catch (error) {
    return { ok: false, error };
  }
}

describe('JSON parsed in slices', () => {
  it('gives exactly what JSON.parse gives, for any document, compact or pretty', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'), async (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(await parseJsonInSlices(text, tiny)).toEqual(JSON.parse(text));
      }),
      { numRuns: 400 },
    );
  });

  it('fails exactly where JSON.parse fails, with a SyntaxError', async () => {
    const mutation = fc.tuple(fc.jsonValue(), fc.nat(), fc.constantFrom('', ',', ':', '"', '[', ']', '{', '}', '\\', ' ', 'x', '1'));
    await fc.assert(
      fc.asyncProperty(mutation, async ([value, at, insert]) => {
        const text = JSON.stringify(value, null, 1);
        const i = at % (text.length + 1);
        // Replace or insert one character.
        for (const broken of [text.slice(0, i) + insert + text.slice(i + 1), text.slice(0, i) + insert + text.slice(i)]) {
          const want = native(broken);
          const got = await sliced(broken);
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
    ];
    for (const text of cases)
      expect(await sliced(text), text).toEqual(native(text).ok ? native(text) : expect.objectContaining({ ok: false }));
    const proto = (await parseJsonInSlices('{"__proto__":{"polluted":true}}', tiny)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__']);
  });

  it('lets the page run between slices of a large document', async () => {
    const doc = { items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] })) };
    const text = JSON.stringify(doc);
    let pauses = 0;
    const value = await parseJsonInSlices(text, { piece: 16 * 1024, sliceMs: 0, pause: async () => void pauses++ });
    expect(value).toEqual(doc);
    expect(pauses).toBeGreaterThan(text.length / (16 * 1024));
  });

  it('reads a body as Response.text() does: UTF-8 split across chunks, a byte-order mark, bad bytes', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"n":"é€😀"}'), 0xff]);
    const stream = (cuts: number[]) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          cuts.forEach((end, i) => controller.enqueue(bytes.subarray(cuts[i - 1] ?? 0, end)));
          controller.close();
        },
      });
    const want = await new Response(bytes).text();
    for (const cuts of [[bytes.length], [2, 9, 10, 13, bytes.length], Array.from({ length: bytes.length }, (_, i) => i + 1)])
      expect(await readTextInSlices(stream(cuts), { piece: 3, sliceMs: 0, pause: () => Promise.resolve() })).toBe(want);
    for (const piece of [1, 2, 3, 1024]) expect(await decodeInSlices(bytes, { ...tiny, piece })).toBe(want);
    const doc = { items: Array.from({ length: 500 }, (_, i) => ({ i, s: 'ü'.repeat(i % 7) })) };
    expect(await readJsonInSlices(new Response(JSON.stringify(doc)), tiny)).toEqual(doc);
  });
});
