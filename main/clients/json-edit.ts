import { isDeepStrictEqual } from 'node:util';
import { createScanner, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { ConfigParseError, ConfigShapeError, lineColumn } from './config-errors';

/**
 * Edits of one member of a JSON or JSONC object that change only the bytes of that member: its text, one
 * comma, and the line break and indentation in front of it. Comments, key order, spacing and everything else
 * in the user's file stay as they were, and removing a member inserted here gives back the original bytes.
 * jsonc-parser's own `modify` re-formats the neighbouring lines, so the edits are computed here from its
 * syntax tree and scanner.
 */

export interface JsonStyle {
  /** One level of indentation as the file uses it (two spaces when it shows none). */
  readonly indent: string;
  readonly eol: '\n' | '\r\n';
}

export function detectStyle(text: string): JsonStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)["}\]/]/.exec(text);
  const ws = m?.[1];
  const indent = ws === undefined ? '  ' : ws.startsWith('\t') ? '\t' : ws.length <= 8 ? ws : '  ';
  return { indent, eol };
}

const REASONS: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between items',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the list',
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in this file',
  UnexpectedEndOfComment: 'a /* comment */ is not closed',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'invalid \\u escape in a string',
  InvalidEscapeCharacter: 'invalid escape in a string',
  InvalidCharacter: 'a control character (such as a raw line break) inside a string',
};

// jsonc-parser's SyntaxKind is an ambient const enum, which isolated modules cannot read: its values.
const COMMA = 5;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const LINE_BREAK = 14;
const SPACE = 15;
const EOF = 17;

function describe(text: string, error: ParseError, comments: boolean): string {
  const before = text.slice(0, error.offset).trimEnd();
  const at = text[error.offset];
  if (!comments && before.endsWith(',') && (at === '}' || at === ']')) return `a trailing comma before "${at}" is not allowed in this file`;
  return REASONS[printParseErrorCode(error.error)] ?? 'invalid JSON';
}

/** A parsed JSON(C) config: its syntax tree plus what is needed to edit the text. */
export interface JsonConfig {
  /** A UTF-8 byte order mark the file starts with (kept on write), or ''. */
  readonly bom: string;
  /** The text after the mark; the tree's offsets point into it. */
  readonly text: string;
  /** The root object, or undefined for an empty file. */
  readonly root: Node | undefined;
  readonly style: JsonStyle;
}

/**
 * Parses a config. `comments` allows comments and trailing commas (JSONC). Throws ConfigParseError naming the
 * line, or ConfigShapeError when the top level is not an object. A UTF-8 byte order mark is allowed.
 */
export function parseJsonConfig(file: string, text: string, comments: boolean): JsonConfig {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = text.slice(bom.length);
  const errors: ParseError[] = [];
  const root = parseTree(body, errors, { disallowComments: !comments, allowTrailingComma: comments, allowEmptyContent: true });
  const first = errors[0];
  if (first) {
    const { line, column } = lineColumn(body, first.offset);
    throw new ConfigParseError(file, line, column, describe(body, first, comments));
  }
  if (!comments && body.trim() !== '') {
    // The client parses with JSON.parse: hold the file to exactly that.
    try {
      JSON.parse(body);
    } catch (error) {
      const pos = /position (\d+)/.exec((error as Error).message);
      const { line, column } = lineColumn(body, pos ? Number(pos[1]) : 0);
      throw new ConfigParseError(file, line, column, (error as Error).message);
    }
  }
  if (root && root.type !== 'object') {
    throw new ConfigShapeError(
      file,
      `the top level is ${root.type === 'array' ? 'a list' : `a ${root.type}`}, not an object; the client cannot read it either`,
    );
  }
  return { bom, text: body, root, style: detectStyle(body) };
}

/** The property nodes of `object` named `key` (more than one when the user duplicated a key). */
function properties(object: Node, key: string): Node[] {
  return (object.children ?? []).filter((p) => p.children?.[0]?.value === key);
}

/** The single property `key` of `object`; a duplicated key is refused because the client would read only one. */
function property(config: JsonConfig, file: string, object: Node, key: string): Node | undefined {
  const found = properties(object, key);
  if (found.length > 1) {
    const lines = found.map((p) => lineColumn(config.text, p.offset).line);
    throw new ConfigShapeError(file, `"${key}" is defined ${found.length} times (lines ${lines.join(', ')}); keep one and try again`);
  }
  return found[0];
}

/** Finds `<container>.<name>`, checking that the container is an object. */
export function locate(config: JsonConfig, file: string, container: string, name: string): { container?: Node; member?: Node } {
  if (!config.root) return {};
  const c = property(config, file, config.root, container);
  if (!c) return {};
  const value = c.children?.[1];
  if (!value || value.type !== 'object') {
    throw new ConfigShapeError(
      file,
      `"${container}" on line ${lineColumn(config.text, c.offset).line} is not an object of servers; fix it (or delete it) and try again`,
    );
  }
  const member = property(config, file, value, name);
  return { container: c, ...(member ? { member } : {}) };
}

/** The member's value as plain objects (jsonc-parser builds prototype-less ones, which never deep-equal plain ones). */
export function memberValue(member: Node | undefined): unknown {
  const v = member?.children?.[1];
  return v ? JSON.parse(JSON.stringify(getNodeValue(v))) : undefined;
}

// ---- text positions -------------------------------------------------------------------------------

/** Leading whitespace of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** Offset of the line break (\n or \r\n) right before `offset` with only spaces or tabs between, if any. */
function breakBefore(text: string, offset: number): number | undefined {
  let i = offset - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  if (text[i] !== '\n') return undefined;
  return text[i - 1] === '\r' ? i - 1 : i;
}

/** The comma after `offset`, skipping comments and whitespace. */
function commaAfter(text: string, offset: number): { start: number; end: number } | undefined {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  for (let kind: number = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === COMMA) return { start: scanner.getTokenOffset(), end: scanner.getTokenOffset() + scanner.getTokenLength() };
    if (kind !== SPACE && kind !== LINE_BREAK && kind !== LINE_COMMENT && kind !== BLOCK_COMMENT) return undefined;
  }
  return undefined;
}

/** The first line break after `offset` reached through spaces and comments only (so a comment ending the line stays on it). */
function lineEndAfter(text: string, offset: number): number | undefined {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  for (let kind: number = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === LINE_BREAK) return scanner.getTokenOffset();
    if (kind !== SPACE && kind !== LINE_COMMENT && kind !== BLOCK_COMMENT) return undefined;
  }
  return undefined;
}

interface Edit {
  readonly offset: number;
  readonly length: number;
  readonly content: string;
}

/** Applies edits given in text order; at one offset, the first listed ends up first. */
function apply(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].reverse()) out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
  return out;
}

/** JSON text of `value`, indented for a member whose line is indented by `base`. */
function formatValue(value: unknown, base: string, style: JsonStyle): string {
  return JSON.stringify(value, null, style.indent)
    .split('\n')
    .join(style.eol + base);
}

/** Indentation of the members of `object`: as its first member has it, else one level deeper than the object's line. */
function memberIndent(text: string, object: Node, style: JsonStyle): string {
  const first = object.children?.[0];
  if (first && breakBefore(text, first.offset) !== undefined) return lineIndent(text, first.offset);
  return lineIndent(text, object.offset) + style.indent;
}

/** Adds `"key": value` as the last member of `object`. */
function insertMember(config: JsonConfig, object: Node, key: string, value: unknown): string {
  const { text, style } = config;
  const indent = memberIndent(text, object, style);
  const member = `${JSON.stringify(key)}: ${formatValue(value, indent, style)}`;
  const members = object.children ?? [];
  const last = members.at(-1);
  if (!last) {
    const inner = text.slice(object.offset + 1, object.offset + object.length - 1);
    const closing = style.eol + lineIndent(text, object.offset);
    // `{}` or `{ }` becomes a normal block; comments inside an empty object are kept after the new member.
    if (inner.trim() === '')
      return apply(text, [{ offset: object.offset + 1, length: inner.length, content: `${style.eol}${indent}${member}${closing}` }]);
    return apply(text, [{ offset: object.offset + 1, length: 0, content: `${style.eol}${indent}${member}` }]);
  }
  const valueEnd = last.offset + last.length;
  const comma = commaAfter(text, valueEnd);
  const anchor = comma?.end ?? valueEnd;
  const lineEnd = lineEndAfter(text, anchor);
  // An object written on one line gets the member on that line, compact.
  if (lineEnd === undefined)
    return apply(text, [
      { offset: anchor, length: 0, content: `${comma ? '' : ','} ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma ? ',' : ''}` },
    ]);
  // Otherwise on a new line after the last member's line, so a comment ending that line stays with it; a
  // trailing comma there (JSONC) means the file's style is trailing commas, which the new member follows.
  return apply(text, [
    ...(comma ? [] : [{ offset: valueEnd, length: 0, content: ',' }]),
    { offset: lineEnd, length: 0, content: `${style.eol}${indent}${member}${comma ? ',' : ''}` },
  ]);
}

/** Removes one member (the inverse of insertMember): its line, and the comma that insertion added. */
function removeMember(text: string, object: Node, member: Node): string {
  const members = object.children ?? [];
  const i = members.indexOf(member);
  const prev = members[i - 1];
  const next = members[i + 1];
  const valueEnd = member.offset + member.length;
  const ownComma = commaAfter(text, valueEnd);
  if (next) {
    const start = breakBefore(text, member.offset) ?? member.offset;
    const end = breakBefore(text, next.offset) ?? next.offset;
    return apply(text, [{ offset: start, length: end - start, content: '' }]);
  }
  if (!prev) {
    const innerStart = object.offset + 1;
    const innerEnd = object.offset + object.length - 1;
    const before = text.slice(innerStart, member.offset);
    const after = text.slice(ownComma?.end ?? valueEnd, innerEnd);
    if (before.trim() === '' && after.trim() === '')
      return apply(text, [{ offset: innerStart, length: innerEnd - innerStart, content: '' }]);
    const start = breakBefore(text, member.offset) ?? member.offset;
    return apply(text, [{ offset: start, length: (ownComma?.end ?? valueEnd) - start, content: '' }]);
  }
  const start = breakBefore(text, member.offset) ?? commaAfter(text, prev.offset + prev.length)?.end ?? member.offset;
  // The comma after the previous member now ends the object: take it out unless the member had its own.
  const prevComma = commaAfter(text, prev.offset + prev.length);
  const dropPrevComma = prevComma && !ownComma && prevComma.end <= start;
  return apply(text, [
    ...(dropPrevComma ? [{ offset: prevComma.start, length: 1, content: '' }] : []),
    { offset: start, length: (ownComma?.end ?? valueEnd) - start, content: '' },
  ]);
}

/**
 * Sets `<container>.<name>` to `value` and returns the new text (the same text when it already holds that
 * value). Creates the container, or the whole document for an empty file, when missing.
 */
export function setEntry(config: JsonConfig, file: string, container: string, name: string, value: unknown): string {
  const { bom, text, style } = config;
  if (!config.root)
    return `${bom}${JSON.stringify({ [container]: { [name]: value } }, null, style.indent)
      .split('\n')
      .join(style.eol)}${style.eol}`;
  const found = locate(config, file, container, name);
  if (!found.container) return bom + insertMember(config, config.root, container, { [name]: value });
  if (!found.member) return bom + insertMember(config, found.container.children![1]!, name, value);
  if (isDeepStrictEqual(memberValue(found.member), value)) return bom + text;
  const v = found.member.children![1]!;
  return (
    bom + apply(text, [{ offset: v.offset, length: v.length, content: formatValue(value, lineIndent(text, found.member.offset), style) }])
  );
}

/** Removes `<container>.<name>`; with `dropEmptyContainer`, also the container once nothing else is in it. */
export function removeEntry(config: JsonConfig, file: string, container: string, name: string, dropEmptyContainer: boolean): string {
  const found = locate(config, file, container, name);
  if (!found.container || !found.member) return config.bom + config.text;
  const object = found.container.children![1]!;
  if (dropEmptyContainer && (object.children?.length ?? 0) === 1 && config.root)
    return config.bom + removeMember(config.text, config.root, found.container);
  return config.bom + removeMember(config.text, object, found.member);
}

/** True when nothing but whitespace and comments is left in an object (used to drop files this app created). */
export function isEmptyDocument(text: string): boolean {
  const errors: ParseError[] = [];
  const root = parseTree(text.replace(/^\uFEFF/, ''), errors, { allowTrailingComma: true, allowEmptyContent: true });
  return errors.length === 0 && (!root || (root.type === 'object' && (root.children?.length ?? 0) === 0));
}
