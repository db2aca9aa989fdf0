/**
 * A map that keeps only its newest `bound` keys: adding one more drops the oldest. Newest means first
 * added: setting a key again replaces its value but does not make it newer (a Map keeps insertion order).
 */
export class KeepNewest<K, V> {
  private readonly items = new Map<K, V>();

  constructor(readonly bound: number) {
    if (!Number.isInteger(bound) || bound < 1) throw new RangeError(`KeepNewest needs a bound of at least 1, not ${bound}.`);
  }

  set(key: K, value: V): void {
    this.items.set(key, value);
    for (const old of this.items.keys()) {
      if (this.items.size <= this.bound) break;
      this.items.delete(old);
    }
  }

  get(key: K): V | undefined {
    return this.items.get(key);
  }

  delete(key: K): boolean {
    return this.items.delete(key);
  }

  get size(): number {
    return this.items.size;
  }
}
