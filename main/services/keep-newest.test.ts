import { describe, expect, it } from 'vitest';
import { HeldPlans, KEEP_PLANS } from './held-plans';
import { KeepNewest } from './keep-newest';

describe('KeepNewest', () => {
  it('keeps only the newest keys up to its bound, dropping the oldest first', () => {
    const map = new KeepNewest<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) map.set(key, i);
    expect(map.size).toBe(3);
    expect(['a', 'b', 'c', 'd', 'e'].map((k) => map.get(k))).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('setting a key again replaces its value without making it newer', () => {
    const map = new KeepNewest<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    map.set('c', 3);
    expect(map.get('a')).toBeUndefined();
    expect(map.get('b')).toBe(2);
    expect(map.get('c')).toBe(3);
  });

  it('deletes on request and refuses a bound below one', () => {
    const map = new KeepNewest<string, number>(1);
    map.set('a', 1);
    expect(map.delete('a')).toBe(true);
    expect(map.size).toBe(0);
    expect(() => new KeepNewest(0)).toThrow(RangeError);
    expect(() => new KeepNewest(1.5)).toThrow(RangeError);
  });
});

describe('HeldPlans', () => {
  it('holds each plan under a fresh id, and only the newest KEEP_PLANS', () => {
    const plans = new HeldPlans<number>();
    const ids = Array.from({ length: KEEP_PLANS + 2 }, (_, i) => plans.hold(i));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.map((id) => plans.get(id))).toEqual([undefined, undefined, ...Array.from({ length: KEEP_PLANS }, (_, i) => i + 2)]);
  });

  it('a plan carried out is forgotten, and an unknown id holds nothing', () => {
    const plans = new HeldPlans<string>(2);
    const id = plans.hold('write');
    expect(plans.get(id)).toBe('write');
    plans.forget(id);
    expect(plans.get(id)).toBeUndefined();
    expect(plans.get('not-an-id')).toBeUndefined();
  });
});
