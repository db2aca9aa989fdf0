/** A place in the arguments: object keys and array indexes. */
export type Path = readonly (string | number)[];

/** The JSON pointer of a path, as ajv reports errors (`/networks/0`). */
export function pointerOf(path: Path): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function getIn(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/**
 * A copy of `root` with the value at `path` replaced; `undefined` removes an object key (an optional
 * field left empty is left out of the arguments rather than sent as "").
 */
export function setIn(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const list: unknown[] = Array.isArray(root) ? [...(root as unknown[])] : [];
    list[head] = setIn(list[head], rest, value);
    return list;
  }
  const obj: Record<string, unknown> =
    root !== null && typeof root === 'object' && !Array.isArray(root) ? { ...(root as Record<string, unknown>) } : {};
  const next = setIn(obj[head], rest, value);
  if (next === undefined) delete obj[head];
  else obj[head] = next;
  return obj;
}

/** Issues from main keyed by pointer; a field shows those at its pointer. */
export type IssueMap = ReadonlyMap<string, readonly string[]>;

export function issueMap(issues: readonly { pointer: string; message: string }[]): IssueMap {
  const map = new Map<string, string[]>();
  for (const issue of issues) map.set(issue.pointer, [...(map.get(issue.pointer) ?? []), issue.message]);
  return map;
}

const isContainer = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/**
 * The pointers of the values that differ between two versions of the arguments: the deepest place of
 * each difference (a changed list item, not the whole list), so the edit marks the field the user worked on.
 */
export function changedPointers(before: unknown, after: unknown, at = ''): string[] {
  if (Object.is(before, after)) return [];
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after)) return [at];
  const out: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    out.push(...changedPointers(before[key], after[key], `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return out;
}

/** `a` is `b` or lies inside it (`/tags/0` inside `/tags`). */
const within = (a: string, b: string) => a === b || a.startsWith(`${b}/`);

/**
 * The issues a form shows: every one once it was submitted; before that only those about a field the
 * user touched (focused and left, or changed), a field inside it, or the field holding it (a list's
 * "at most 2 items" after an item was edited). Root-level issues wait for the submit.
 */
export function visibleIssues<T extends { pointer: string }>(issues: readonly T[], touched: readonly string[], submitted: boolean): T[] {
  if (submitted) return [...issues];
  return issues.filter((i) => i.pointer !== '' && touched.some((t) => t !== '' && (within(i.pointer, t) || within(t, i.pointer))));
}

/** A stable id for a field's input from its path, for labels and for focusing the first invalid field. */
export function fieldId(tool: string, path: Path): string {
  return `pg-${tool}-${path.map(String).join('.') || 'root'}`.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/** Parses the raw JSON editor's text, with a message that says where it breaks. */
export function parseArguments(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The JSON is not valid: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'The arguments must be a JSON object, like {"query": "USDC"}.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
