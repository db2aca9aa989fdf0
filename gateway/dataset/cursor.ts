import { invalid } from './errors';
import { hashString } from './random';

/**
 * Opaque page cursors: base64url JSON holding the offset, the instant the first page was computed
 * (so later pages rank assets as the first did, even as prices move) and a fingerprint of the
 * query, so a cursor cannot be replayed against a different filter.
 */
interface CursorState {
  readonly offset: number;
  readonly at: number;
}

export function queryKey(parts: readonly unknown[]): number {
  return hashString(JSON.stringify(parts));
}

export function encodeCursor(state: CursorState, key: number): string {
  return Buffer.from(JSON.stringify({ v: 1, o: state.offset, t: state.at, k: key })).toString('base64url');
}

export function decodeCursor(cursor: string, key: number): CursorState {
  const bad = () => invalid('invalid_cursor', 'The cursor is not one this service issued. Omit it to start from the first page.');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw bad();
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const { v, o, t, k } = (data ?? {}) as Record<string, unknown>;
  if (v !== 1 || !Number.isSafeInteger(o) || (o as number) < 0 || !Number.isSafeInteger(t) || typeof k !== 'number') throw bad();
  if (k !== key)
    throw invalid(
      'invalid_cursor',
      'The cursor belongs to a different query (category, sort or networks changed). Repeat the original query, or omit the cursor.',
    );
  return { offset: o as number, at: t as number };
}
