import { describe, expect, it } from 'vitest';
import { isJsonPointer, pointerOf, pointerTokens, resolvePointer } from './json-pointer';

// The examples of RFC 6901 section 5.
const rfc = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'c%d': 2, 'e^f': 3, 'g|h': 4, 'i\\j': 5, 'k"l': 6, ' ': 7, 'm~n': 8 };

describe('JSON Pointer (RFC 6901)', () => {
  it.each([
    ['', rfc],
    ['/foo', ['bar', 'baz']],
    ['/foo/0', 'bar'],
    ['/', 0],
    ['/a~1b', 1],
    ['/c%d', 2],
    ['/e^f', 3],
    ['/g|h', 4],
    ['/i\\j', 5],
    ['/k"l', 6],
    ['/ ', 7],
    ['/m~0n', 8],
  ])('resolves %j as the RFC says', (pointer, value) => {
    expect(resolvePointer(rfc, pointer)).toEqual({ found: true, value });
  });

  it('says where the document ends for a pointer into nothing', () => {
    const doc = { routes: [{ steps: [] }] };
    expect(resolvePointer(doc, '/routes/0/steps/0/id')).toEqual({ found: false, missingAt: '/routes/0/steps/0' });
    expect(resolvePointer(doc, '/routes/1')).toEqual({ found: false, missingAt: '/routes/1' });
    expect(resolvePointer(doc, '/routes/01')).toEqual({ found: false, missingAt: '/routes/01' });
    expect(resolvePointer(doc, '/routes/-')).toEqual({ found: false, missingAt: '/routes/-' });
    expect(resolvePointer({ a: 'text' }, '/a/length')).toEqual({ found: false, missingAt: '/a/length' });
    expect(resolvePointer({}, '/toString')).toEqual({ found: false, missingAt: '/toString' });
  });

  it('refuses malformed pointers and round-trips escaped tokens', () => {
    expect(isJsonPointer('routes/0')).toBe(false);
    expect(isJsonPointer('/a~2')).toBe(false);
    expect(() => pointerTokens('x')).toThrow(/not a JSON Pointer/);
    expect(pointerTokens(pointerOf(['a/b', 'm~n', 3]))).toEqual(['a/b', 'm~n', '3']);
  });
});
