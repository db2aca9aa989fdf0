/**
 * A unified diff (as `git diff` prints it) to show a planned write before it happens, made by jsdiff
 * (Myers' shortest edit: an append shows as added lines only).
 */
import type { StructuredPatch } from 'diff';

/** jsdiff is loaded on the first diff, not with the engine: most commands (check, fix) never diff. */
type JsDiff = typeof import('diff');

/**
 * Beyond this many added and removed lines the diff is shown as "all removed, all added" (never the case
 * for one-entry writes); the search for a shorter one would cost seconds.
 */
const MAX_EDITS = 1000;
const FILE_HEADERS = { includeIndex: false, includeUnderline: false, includeFileHeaders: true };

export interface DiffOptions {
  /** Shown in the `---`/`+++` header. */
  path: string;
  /** Unchanged lines around each change (default 3). */
  context?: number;
}

/** One hunk that removes every line and adds every line: cheap to make however different the texts are. */
function replaceAll({ structuredPatch }: JsDiff, oldName: string, newName: string, before: string, after: string): StructuredPatch {
  const removed = structuredPatch(oldName, newName, before, '', undefined, undefined, { context: 0 }).hunks[0];
  const added = structuredPatch(oldName, newName, '', after, undefined, undefined, { context: 0 }).hunks[0];
  const hunk = {
    oldStart: 1,
    oldLines: removed?.oldLines ?? 0,
    newStart: 1,
    newLines: added?.newLines ?? 0,
    lines: [...(removed?.lines ?? []), ...(added?.lines ?? [])],
  };
  return { oldFileName: oldName, newFileName: newName, oldHeader: undefined, newHeader: undefined, hunks: [hunk] };
}

/** Empty string when the texts are equal. */
export async function unifiedDiff(before: string, after: string, options: DiffOptions): Promise<string> {
  if (before === after) return '';
  const jsdiff = await import('diff');
  const { structuredPatch, formatPatch } = jsdiff;
  const [oldName, newName] = [`a/${options.path}`, `b/${options.path}`];
  const patch =
    structuredPatch(oldName, newName, before, after, undefined, undefined, { context: options.context ?? 3, maxEditLength: MAX_EDITS }) ??
    replaceAll(jsdiff, oldName, newName, before, after);
  return formatPatch(patch, FILE_HEADERS);
}
