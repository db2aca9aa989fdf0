/**
 * For the app's results: what a failed `equals` or `snapshot` assertion expected and what the gateway
 * answered at its pointer, so the view can show the two side by side as a diff. The runner's message
 * already names the first differences; this is the whole picture. Snapshot-ignored places are left out
 * of both sides, so the diff shows only what the assertion compared.
 */
import { responseDocument, type AssertionOutcome, type CallResponse } from './assertions';
import type { CollectionItem } from './format';
import { pointerTokens, resolvePointer } from './json-pointer';

export interface Comparison {
  readonly expected: unknown;
  readonly actual: unknown;
}

/** A copy of `value` without what lies at `pointer` (relative to it); unchanged when nothing is there. */
function without(value: unknown, pointer: string): unknown {
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) return value;
  const copy: unknown = structuredClone(value);
  let parent: unknown = copy;
  for (const token of tokens.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return copy;
    parent = (parent as Record<string, unknown>)[token];
  }
  const last = tokens.at(-1)!;
  if (Array.isArray(parent)) {
    const i = Number(last);
    if (Number.isInteger(i) && i >= 0 && i < parent.length) parent[i] = '<ignored>';
  } else if (parent !== null && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
  return copy;
}

/** The failed assertion's two sides, or undefined when it is not a failed equals or snapshot (or no call was made). */
export function comparisonFor(item: CollectionItem, outcome: AssertionOutcome, response: CallResponse | undefined): Comparison | undefined {
  if (outcome.passed || !response) return undefined;
  const assertion = item.assertions?.[outcome.index - 1];
  if (!assertion || (assertion.assert !== 'equals' && assertion.assert !== 'snapshot')) return undefined;
  const found = resolvePointer(responseDocument(response), assertion.pointer ?? '');
  const actual = found.found ? found.value : undefined;
  if (assertion.assert === 'equals') return { expected: assertion.value, actual };
  const ignore = assertion.ignore ?? [];
  const strip = (v: unknown) => ignore.reduce<unknown>((acc, p) => without(acc, p), v);
  return { expected: strip(assertion.value), actual: actual === undefined ? undefined : strip(actual) };
}
