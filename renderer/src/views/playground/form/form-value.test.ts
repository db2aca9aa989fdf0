import { describe, expect, it } from 'vitest';
import { changedPointers, visibleIssues } from './form-value';

const issue = (pointer: string) => ({ pointer, path: pointer.slice(1), message: `${pointer} is wrong` });

describe('touched fields', () => {
  it('finds the deepest places two versions of the arguments differ', () => {
    expect(changedPointers({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toEqual(['/b']);
    expect(changedPointers({ a: 1 }, { a: 1, c: true })).toEqual(['/c']);
    expect(changedPointers({ a: 1, c: true }, { a: 1 })).toEqual(['/c']);
    expect(changedPointers({ tags: ['a', 'b'] }, { tags: ['a', 'c'] })).toEqual(['/tags/1']);
    expect(changedPointers({ shape: undefined }, { shape: { kind: 'circle', radius: 1 } })).toEqual(['/shape']);
    expect(changedPointers({ 'a/b': 1 }, { 'a/b': 2 })).toEqual(['/a~1b']);
    const same = { a: [1] };
    expect(changedPointers(same, same)).toEqual([]);
  });

  it('shows an issue once its field, a field inside it or the field holding it was touched; all once submitted', () => {
    const issues = [issue('/fromDomain'), issue('/amount'), issue('/tags'), issue('/shape'), issue('')];
    expect(visibleIssues(issues, [], false)).toEqual([]);
    expect(visibleIssues(issues, ['/amount'], false).map((i) => i.pointer)).toEqual(['/amount']);
    expect(visibleIssues(issues, ['/tags/0', '/shape/radius'], false).map((i) => i.pointer)).toEqual(['/tags', '/shape']);
    // A field whose name starts like another's is not inside it.
    expect(visibleIssues([issue('/amountMax')], ['/amount'], false)).toEqual([]);
    expect(visibleIssues(issues, [], true)).toEqual(issues);
  });
});
