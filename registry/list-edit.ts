/**
 * Text edits on a parsed list.json. Each edit splices one entry into the original text, so every other
 * byte (other entries, their escapes and spacing, the trailing bytes) stays exactly as it was. In a file
 * laid out like the registry formatter, the result equals re-emitting the whole file, and an appended
 * entry shows in `git diff` as added lines only.
 */
import { formatValue, orderEntry } from './list-format';
import type { ListDocument } from './list-reader';

function requireParsed(doc: ListDocument): void {
  if (!doc.ok) throw new Error('cannot edit a list that does not parse');
}

function entryText(doc: ListDocument, entry: Record<string, unknown>): string {
  return formatValue(orderEntry(entry), doc.style, 1);
}

/** Appends an entry at the end of the list (new entries always go at the bottom). */
export function appendEntry(doc: ListDocument, entry: Record<string, unknown>): string {
  requireParsed(doc);
  const { text, style } = doc;
  const item = entryText(doc, entry);
  const nl = style.indent === '' ? '' : style.eol;
  const last = doc.spans.at(-1);
  if (!last) return `${text.slice(0, doc.arrayStart)}[${nl}${style.indent}${item}${nl}]${text.slice(doc.arrayEnd)}`;
  return `${text.slice(0, last.end)},${nl}${style.indent}${item}${text.slice(last.end)}`;
}

/** Replaces the entry at `index` in place. */
export function replaceEntry(doc: ListDocument, index: number, entry: Record<string, unknown>): string {
  requireParsed(doc);
  const span = doc.spans[index];
  if (!span) throw new RangeError(`no entry at index ${index}`);
  return doc.text.slice(0, span.start) + entryText(doc, entry) + doc.text.slice(span.end);
}

/** Removes the entry at `index`, with the separator that joined it to its neighbour. */
export function removeEntry(doc: ListDocument, index: number): string {
  requireParsed(doc);
  const { text, spans } = doc;
  const span = spans[index];
  if (!span) throw new RangeError(`no entry at index ${index}`);
  if (spans.length === 1) return `${text.slice(0, doc.arrayStart)}[]${text.slice(doc.arrayEnd)}`;
  const previous = spans[index - 1];
  if (previous) return text.slice(0, previous.end) + text.slice(span.end);
  return text.slice(0, span.start) + text.slice(spans[index + 1]!.start);
}
