import { isDeepStrictEqual } from 'node:util';
import { parse, stringify, TomlError } from 'smol-toml';
import { ConfigParseError, ConfigShapeError } from './config-errors';

/**
 * Edits of one `[<container>.<name>]` table (and its sub-tables) in a TOML file, made on the text so the
 * user's comments, order and spacing stay. smol-toml parses the file before and after every edit, and the
 * result must equal the expected document exactly, or nothing is written.
 */

type Table = Record<string, unknown>;

const isTable = (v: unknown): v is Table => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** Plain objects and JSON values (smol-toml builds prototype-less tables and Date subclasses, which never deep-equal plain ones). */
const plain = (value: unknown): Table => JSON.parse(JSON.stringify(value)) as Table;

export function parseToml(file: string, text: string): Table {
  try {
    return plain(parse(text));
  } catch (error) {
    if (error instanceof TomlError) {
      const reason = (error.message.split('\n')[0] ?? 'invalid TOML').replace(/^Invalid TOML document: /, '');
      throw new ConfigParseError(file, error.line, error.column, reason);
    }
    throw error;
  }
}

/** `<container>.<name>` of a parsed document, checking that the container is a table. */
export function tomlEntry(file: string, doc: Table, container: string, name: string): unknown {
  const c = doc[container];
  if (c === undefined) return undefined;
  if (!isTable(c)) throw new ConfigShapeError(file, `"${container}" is not a table of servers; fix it (or delete it) and try again`);
  return c[name];
}

interface Lines {
  readonly lines: string[];
  readonly eol: string;
}

function splitLines(text: string): Lines {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop(); // the final line break
  return { lines, eol };
}

const joinLines = ({ lines, eol }: Lines) => (lines.length === 0 ? '' : lines.join(eol) + eol);
const blankOrComment = (line: string) => /^\s*(#.*)?$/.test(line);

/** The key path a table header line names (`[a."b".c]` → a, b, c), or undefined when the line is no header. */
function headerPath(line: string): string[] | undefined {
  if (!/^\s*\[/.test(line)) return undefined;
  let node: unknown;
  try {
    node = parse(`${line.trim()}\n`);
  } catch {
    return undefined; // a line of a multi-line array, not a header
  }
  const path: string[] = [];
  for (;;) {
    if (Array.isArray(node)) node = node[0];
    if (!isTable(node)) return path;
    const keys = Object.keys(node);
    if (keys.length !== 1) return path;
    path.push(keys[0]!);
    node = node[keys[0]!];
  }
}

/** Line ranges [start, end) of the tables at `prefix` and below, each without trailing blank or comment lines. */
function tableSpans(lines: readonly string[], prefix: readonly string[]): Array<[number, number]> {
  const starts = lines.map((l, i) => [i, headerPath(l)] as const).filter((x): x is readonly [number, string[]] => x[1] !== undefined);
  const spans: Array<[number, number]> = [];
  starts.forEach(([i, path], k) => {
    if (path.length < prefix.length || !prefix.every((p, j) => path[j] === p)) return;
    let end = starts[k + 1]?.[0] ?? lines.length;
    while (end > i + 1 && blankOrComment(lines[end - 1]!)) end--;
    spans.push([i, end]);
  });
  return spans;
}

/** Removes lines [s, e) and one of the blank lines around them, so one separator stays between the tables left. */
function removeSpan(lines: string[], s: number, e: number): void {
  const followedByBlank = e === lines.length || lines[e]!.trim() === '';
  const blankBefore = s > 0 && lines[s - 1]!.trim() === '';
  if (blankBefore && followedByBlank) lines.splice(s - 1, e - s + 1);
  else if (s === 0 && e < lines.length && followedByBlank)
    lines.splice(s, e - s + 1); // no blank line to start the file with
  else lines.splice(s, e - s);
}

function tableBlock(container: string, name: string, value: unknown): string[] {
  return stringify({ [container]: { [name]: value } })
    .trimEnd()
    .split('\n');
}

function canonical(doc: Table, container: string): Table {
  // A container left empty by a removal disappears from the text unless the user wrote its header.
  const c = doc[container];
  if (isTable(c) && Object.keys(c).length === 0) {
    const { [container]: _, ...rest } = doc;
    return rest;
  }
  return doc;
}

function verify(file: string, text: string, expected: Table, container: string): void {
  let actual: Table;
  try {
    actual = plain(parse(text));
  } catch {
    actual = {};
  }
  if (!isDeepStrictEqual(canonical(actual, container), canonical(expected, container))) {
    throw new ConfigShapeError(
      file,
      `its layout around [${container}] could not be edited safely; add the entry by hand (see the manual setup snippet)`,
    );
  }
}

function inlineDefinition(file: string, container: string, name: string): ConfigShapeError {
  return new ConfigShapeError(
    file,
    `${container}.${name} is written as an inline table or dotted keys; replace it with the manual setup snippet (or delete it) and try again`,
  );
}

/** Sets `[<container>.<name>]` to `value`; returns the same text when it already holds exactly that. */
export function setTomlEntry(file: string, text: string, container: string, name: string, value: Table): string {
  const doc = parseToml(file, text);
  const current = tomlEntry(file, doc, container, name);
  if (isDeepStrictEqual(current, value)) return text;
  const parsed = splitLines(text);
  const lines = [...parsed.lines];
  const spans = tableSpans(lines, [container, name]);
  const block = tableBlock(container, name, value);
  if (current !== undefined && spans.length === 0) throw inlineDefinition(file, container, name);
  if (spans.length > 0) {
    for (const [s, e] of [...spans].reverse().slice(0, -1)) removeSpan(lines, s, e);
    const [s, e] = spans[0]!;
    lines.splice(s, e - s, ...block);
  } else {
    if (lines.length > 0 && lines.at(-1)!.trim() !== '') lines.push('');
    lines.push(...block);
  }
  const out = joinLines({ lines, eol: parsed.eol });
  verify(file, out, { ...doc, [container]: { ...(doc[container] as Table | undefined), [name]: value } }, container);
  return out;
}

/** Removes `[<container>.<name>]` and its sub-tables, and the blank line that setTomlEntry put before it. */
export function removeTomlEntry(file: string, text: string, container: string, name: string): string {
  const doc = parseToml(file, text);
  if (tomlEntry(file, doc, container, name) === undefined) return text;
  const parsed = splitLines(text);
  const lines = [...parsed.lines];
  const spans = tableSpans(lines, [container, name]);
  if (spans.length === 0) throw inlineDefinition(file, container, name);
  for (const [s, e] of [...spans].reverse()) removeSpan(lines, s, e);
  const out = joinLines({ lines, eol: parsed.eol });
  const { [name]: _, ...others } = doc[container] as Table;
  verify(file, out, { ...doc, [container]: others }, container);
  return out;
}
