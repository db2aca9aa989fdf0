import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from './route';

describe('the view in the address bar', () => {
  it('reads a section and a part, and writes them back the same', () => {
    expect(parseRoute('#/playground')).toEqual({ section: 'playground' });
    expect(parseRoute('#/validators/details')).toEqual({ section: 'validators', part: 'details' });
    expect(formatRoute({ section: 'validators', part: 'details' })).toBe('#/validators/details');
    expect(parseRoute(formatRoute({ section: 'registry-check' }))).toEqual({ section: 'registry-check' });
  });

  it('names no view for an empty hash, the launch token or anything odd', () => {
    for (const hash of ['', '#', '#/', '#token=abc', '#/Play ground', '#/a/b/c', `#/${'x'.repeat(41)}`])
      expect(parseRoute(hash)).toBeUndefined();
  });

  it('drops a part it cannot read but keeps the section', () => {
    expect(parseRoute('#/validators/<script>')).toEqual({ section: 'validators' });
  });
});
