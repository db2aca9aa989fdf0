/**
 * Reads a chain's list.json: exact line/column for syntax errors, duplicate keys, BOM, indentation and
 * layout, plus the text span of every entry so that writes can splice one entry and leave every other
 * byte alone.
 */
import { createHash } from 'node:crypto';
import { readBoundedFile } from '../platform/files/bounded-read';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { finding, type Finding, type FindingPlace } from './findings';
import { DEFAULT_STYLE, formatList, type ListStyle } from './list-format';
import { firstInvalidUtf8, positionIndex, type Position, type PositionOf } from './text-position';

export interface EntrySpan {
  /** Offsets of the entry's `{`…`}` in ListDocument.text. */
  readonly start: number;
  readonly end: number;
  readonly line: number;
  /** Position of each field's value, keyed `id`, `website`, `payout.commission`, … */
  readonly fields: Readonly<Record<string, Position>>;
  /** Keys that appear more than once in this entry (its parsed value keeps only the last one). */
  readonly duplicateKeys: readonly string[];
  /** Each number field's text as written (`payout.commission` → "1e400"): JSON.parse turns that into Infinity. */
  readonly numbers: Readonly<Record<string, string>>;
}

export interface ListDocument {
  readonly bytes: Buffer;
  /** sha256 of the bytes on disk, to detect changes between reading and writing. */
  readonly hash: string;
  /** The decoded text without the BOM. */
  readonly text: string;
  /** The array parsed; false when the file cannot be read as a list (see findings). */
  readonly ok: boolean;
  readonly entries: readonly unknown[];
  readonly spans: readonly EntrySpan[];
  /** Offsets of the top-level `[` and just after its `]`. */
  readonly arrayStart: number;
  readonly arrayEnd: number;
  readonly style: ListStyle;
  /** The file re-emits byte for byte from its entries in its own style. */
  readonly canonical: boolean;
  readonly findings: readonly Finding[];
  readonly positionOf: PositionOf;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const SYNTAX_HINTS: Record<string, string> = {
  InvalidSymbol: 'there is a character that JSON does not allow here',
  InvalidNumberFormat: 'a number is written incorrectly',
  PropertyNameExpected: 'a field name in double quotes was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a ":" was expected after the field name',
  CommaExpected: 'a "," is missing between two items',
  CloseBraceExpected: 'a "}" is missing to close an entry',
  CloseBracketExpected: 'a "]" is missing to close the list',
  EndOfFileExpected: 'there is extra text after the end of the list',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'a text value is missing its closing double quote',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'a \\u escape is not followed by four hex digits',
  InvalidEscapeCharacter: 'a backslash is followed by a character JSON does not allow (write \\\\ for a backslash)',
  InvalidCharacter: 'a text value contains a raw control character such as a tab or line break (write \\t or \\n)',
};

function syntaxMessage(text: string, error: ParseError): string {
  const name = printParseErrorCode(error.error);
  let hint = SYNTAX_HINTS[name] ?? 'the JSON is malformed';
  // A trailing comma is the most common hand-editing mistake; say so plainly.
  if (name === 'ValueExpected' || name === 'PropertyNameExpected') {
    const before = text.slice(0, error.offset).trimEnd();
    if (before.endsWith(',') && /^\s*[\]}]/.test(text.slice(error.offset))) hint = 'there is a "," after the last item; remove it';
  }
  return hint;
}

function detectStyle(text: string, root: Node | undefined, bom: boolean): { style: ListStyle; mixed: boolean } {
  const arrayStart = root?.offset ?? 0;
  const arrayEnd = root ? root.offset + root.length : text.length;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.slice(arrayStart, arrayEnd).split(/\r?\n/);
  const indented = lines.map((l) => /^[ \t]*/.exec(l)![0]).filter((ws, i) => ws.length > 0 && lines[i]!.trim() !== '');
  const unit = lines.length > 1 ? (indented[0] ?? '') : '';
  const mixed = unit !== '' && indented.some((ws) => ws.length % unit.length !== 0 || ws !== unit.repeat(ws.length / unit.length));
  // An empty list (`[]`) has no style of its own: the first entry gets the registry's usual 4 spaces.
  const empty = (root?.children?.length ?? 0) === 0;
  const style: ListStyle = {
    indent: empty ? DEFAULT_STYLE.indent : lines.length > 1 ? unit || DEFAULT_STYLE.indent : '',
    eol,
    bom,
    leading: text.slice(0, arrayStart),
    trailing: text.slice(arrayEnd),
  };
  return { style, mixed };
}

interface FieldsOut {
  positions: Record<string, Position>;
  numbers: Record<string, string>;
  dupes: string[];
}

function collectFields(node: Node, prefix: string, text: string, positionOf: PositionOf, out: FieldsOut): void {
  const seen = new Set<string>();
  for (const prop of node.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode || typeof keyNode.value !== 'string') continue;
    const key = prefix + keyNode.value;
    if (seen.has(keyNode.value)) out.dupes.push(key);
    seen.add(keyNode.value);
    if (valueNode) {
      out.positions[key] = positionOf(valueNode.offset);
      if (valueNode.type === 'number') out.numbers[key] = text.slice(valueNode.offset, valueNode.offset + valueNode.length);
      if (valueNode.type === 'object' && prefix === '') collectFields(valueNode, `${key}.`, text, positionOf, out);
    }
  }
}

/** Every object anywhere in the tree, for duplicate-key reporting. */
function duplicateKeyFindings(root: Node, positionOf: PositionOf, place: FindingPlace, idOf: (n: Node) => string | null): Finding[] {
  const out: Finding[] = [];
  const visit = (node: Node, entry: Node | null): void => {
    if (node.type === 'object') {
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const keyNode = prop.children?.[0];
        if (!keyNode || typeof keyNode.value !== 'string') continue;
        if (seen.has(keyNode.value)) {
          const pos = positionOf(keyNode.offset);
          out.push(
            finding(
              'list-duplicate-key',
              { ...place, id: entry ? idOf(entry) : null, ...pos },
              `The key "${keyNode.value}" appears twice in the same entry (line ${pos.line}). JSON readers keep only the last one and the registry CI rejects the file; delete one of them.`,
            ),
          );
        }
        seen.add(keyNode.value);
      }
    }
    for (const child of node.children ?? []) visit(child, node.type === 'array' && node.parent === undefined ? child : entry);
  };
  visit(root, null);
  return out;
}

function idOfNode(node: Node): string | null {
  if (node.type !== 'object') return null;
  for (const prop of node.children ?? []) {
    const [k, v] = prop.children ?? [];
    if (k?.value === 'id' && typeof v?.value === 'string') return v.value;
  }
  return null;
}

/**
 * Parses list.json bytes. Never throws: everything wrong is a finding. Longer than ~80 lines because it is
 * one chain of checks in the order the bytes must pass them (BOM, UTF-8, JSON, a list, the entries, the
 * layout), each stopping the parse at the first the file fails; most of its lines are the plain-language
 * messages, and split apart the steps would pass the text, its positions and the findings around.
 */
export function parseList(bytes: Buffer, place: FindingPlace): ListDocument {
  const findings: Finding[] = [];
  const hash = sha256(bytes);
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const failed = (text: string, positionOf: PositionOf): ListDocument => ({
    bytes,
    hash,
    text,
    ok: false,
    entries: [],
    spans: [],
    arrayStart: 0,
    arrayEnd: 0,
    style: { ...DEFAULT_STYLE, bom },
    canonical: false,
    findings,
    positionOf,
  });

  if (bom) {
    findings.push(
      finding(
        'list-bom',
        { ...place, line: 1, column: 1 },
        'The file starts with an invisible byte-order mark (BOM). The registry CI rejects it; save the file as "UTF-8" without BOM.',
      ),
    );
  }
  const bad = firstInvalidUtf8(body);
  if (bad !== -1) {
    const line = body.subarray(0, bad).filter((b) => b === 0x0a).length + 1;
    findings.push(
      finding(
        'list-invalid-utf8',
        { ...place, line },
        `The file is not valid UTF-8 text (byte ${bad + (bom ? 3 : 0)}, line ${line}). Save it with UTF-8 encoding.`,
      ),
    );
    return failed('', positionIndex(''));
  }
  const text = body.toString('utf8');
  const positionOf = positionIndex(text);

  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !root) {
    const first = errors[0];
    const pos = positionOf(first?.offset ?? text.length);
    const more = errors.length > 1 ? ` (${errors.length - 1} more problem${errors.length > 2 ? 's' : ''} may follow from this one)` : '';
    const hint = first ? syntaxMessage(text, first) : 'the file is empty';
    findings.push(
      finding(
        'list-invalid-json',
        { ...place, ...pos },
        `The file is not valid JSON at line ${pos.line}, column ${pos.column}: ${hint}${more}. Nothing can read or change this list until it is fixed.`,
      ),
    );
    return failed(text, positionOf);
  }
  if (root.type !== 'array') {
    findings.push(
      finding(
        'list-not-array',
        { ...place, ...positionOf(root.offset) },
        'The file must be a list of validators: it should start with "[" and end with "]".',
      ),
    );
    return failed(text, positionOf);
  }

  let entries: unknown[];
  try {
    entries = JSON.parse(text) as unknown[];
  } catch (error) {
    // The tree parser accepted it but the strict parser did not: report it rather than guess.
    findings.push(finding('list-invalid-json', { ...place }, `The file is not valid JSON: ${(error as Error).message}.`));
    return failed(text, positionOf);
  }

  findings.push(...duplicateKeyFindings(root, positionOf, place, idOfNode));
  const spans: EntrySpan[] = (root.children ?? []).map((node) => {
    const out: FieldsOut = { positions: {}, numbers: {}, dupes: [] };
    if (node.type === 'object') collectFields(node, '', text, positionOf, out);
    return {
      start: node.offset,
      end: node.offset + node.length,
      line: positionOf(node.offset).line,
      fields: out.positions,
      duplicateKeys: out.dupes,
      numbers: out.numbers,
    };
  });

  const { style, mixed } = detectStyle(text, root, bom);
  const canonical = formatList(entries, style) === text;
  if (mixed) {
    findings.push(
      finding(
        'list-indentation-mixed',
        { ...place },
        'The file mixes tabs and spaces or different indentation widths. It still works, but re-indent it with 4 spaces to keep diffs readable.',
      ),
    );
  } else if (style.indent !== '    ' && entries.length > 0) {
    const what =
      style.indent === ''
        ? 'is written on one line'
        : style.indent === '\t'
          ? 'is indented with tabs'
          : `is indented with ${style.indent.length} spaces`;
    findings.push(
      finding(
        'list-indentation',
        { ...place },
        `The file ${what}; most registry files use 4 spaces. Nothing to fix: the companion keeps this style when it writes.`,
      ),
    );
  }
  if (!canonical && !mixed && style.indent !== '') {
    findings.push(
      finding(
        'list-not-canonical',
        { ...place },
        'The file is laid out differently from the registry formatter (for example escaped characters or unusual spacing). Nothing to fix: writes change only the entry concerned.',
      ),
    );
  }

  return {
    bytes,
    hash,
    text,
    ok: true,
    entries,
    spans,
    arrayStart: root.offset,
    arrayEnd: root.offset + root.length,
    style,
    canonical,
    findings,
    positionOf,
  };
}

/**
 * Reads and parses a list.json within the list size cap. With `root`, the file must stay inside that
 * registry folder. A file that is missing, not a regular file or too large throws a FileReadError.
 */
export async function readList(file: string, place: FindingPlace, root?: string): Promise<ListDocument> {
  return parseList(await readBoundedFile(file, { limit: 'list', ...(root === undefined ? {} : { root }) }), place);
}
