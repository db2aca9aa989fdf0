/**
 * Assertions chosen on the result tree of "Save to collection": each a kind and a JSON Pointer into the
 * response, turned into the item's assertions (or its snapshot's ignore list).
 */
import type { Assertion } from '../../../../domain/collections/format';
import { resolvePointer } from '../../../../domain/collections/json-pointer';

export const PICK_KINDS = [
  { id: 'equals', label: 'equals this' },
  { id: 'exists', label: 'exists' },
  { id: 'number', label: 'is a number' },
  { id: 'ignore', label: 'ignore in snapshot' },
] as const;
export type PickKind = (typeof PICK_KINDS)[number]['id'];

export interface Pick {
  readonly kind: PickKind;
  readonly pointer: string;
}

/** The kinds that make sense for a value: "is a number" only for numbers. */
export function kindsFor(value: unknown): readonly (typeof PICK_KINDS)[number][] {
  return PICK_KINDS.filter((k) => k.id !== 'number' || typeof value === 'number');
}

/** Adds a pick once: the same kind at the same pointer is not added twice. */
export function addPick(picks: readonly Pick[], pick: Pick): Pick[] {
  return picks.some((p) => p.kind === pick.kind && p.pointer === pick.pointer) ? [...picks] : [...picks, pick];
}

/** The picks as assertions (equals takes the value now at the pointer) and as snapshot ignore paths. */
export function picksToAssertions(picks: readonly Pick[], document: unknown): { assertions: Assertion[]; ignore: string[] } {
  const assertions: Assertion[] = [];
  const ignore: string[] = [];
  for (const { kind, pointer } of picks) {
    if (kind === 'ignore') ignore.push(pointer);
    else if (kind === 'exists') assertions.push({ assert: 'exists', pointer });
    else if (kind === 'number') assertions.push({ assert: 'type', pointer, type: 'number' });
    else {
      const found = resolvePointer(document, pointer);
      if (found.found)
        assertions.push({ assert: 'equals', pointer, value: found.value as Extract<Assertion, { assert: 'equals' }>['value'] });
    }
  }
  return { assertions, ignore };
}
