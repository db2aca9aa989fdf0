/**
 * Existing list.json entries as the wizard's form shows them. A field of the wrong type is left out and
 * named in `unreadable`, so the form never shows a coerced value and an update leaves it untouched.
 */
import type { EntrySnapshot } from '../../../domain/ipc/registry-channels';
import { ENTRY_GROUPS, type EntryGroup } from '../../../domain/registry-entry';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function pick<T extends 'number' | 'boolean' | 'string'>(obj: Obj, keys: readonly string[], type: T, prefix: string, unreadable: string[]) {
  const out: Obj = {};
  for (const key of keys) {
    const value = obj[key];
    if (value === undefined) continue;
    if (typeof value === type && (type !== 'number' || Number.isFinite(value))) out[key] = value;
    else unreadable.push(`${prefix}.${key}`);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function entrySnapshot(entry: unknown, index: number): EntrySnapshot | null {
  if (!isObject(entry) || typeof entry['id'] !== 'string') return null;
  const unreadable: string[] = [];
  const text = (key: string) => {
    const value = entry[key];
    if (typeof value === 'string') return value;
    if (value !== undefined) unreadable.push(key);
    return '';
  };
  const snapshot: EntrySnapshot = {
    index,
    id: entry['id'],
    name: text('name'),
    description: text('description'),
    website: text('website'),
    unreadable,
  };
  const sub = (key: EntryGroup) => {
    const value = entry[key];
    if (value === undefined) return undefined;
    if (!isObject(value)) {
      unreadable.push(key);
      return undefined;
    }
    return value;
  };
  const payout = sub('payout');
  const staking = sub('staking');
  const status = sub('status');
  const p = payout && pick(payout, ENTRY_GROUPS.payout, 'number', 'payout', unreadable);
  const s = staking && pick(staking, ENTRY_GROUPS.staking, 'number', 'staking', unreadable);
  const d = status && {
    ...pick(status, ['disabled'], 'boolean', 'status', unreadable),
    ...pick(status, ['note'], 'string', 'status', unreadable),
  };
  if (p) snapshot.payout = p;
  if (s) snapshot.staking = s;
  if (d && Object.keys(d).length > 0) snapshot.status = d;
  return snapshot;
}
