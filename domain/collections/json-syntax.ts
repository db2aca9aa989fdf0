/**
 * Where a JSON text goes wrong, as line and column. `JSON.parse` names a position for some mistakes and
 * only the unexpected character for others, so when it fails this small scanner walks the text by the
 * JSON grammar (RFC 8259) to the first byte that cannot continue it. It runs only after a failed parse.
 */

export interface SyntaxPlace {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

class Stop extends Error {
  constructor(
    readonly at: number,
    what: string,
  ) {
    super(what);
  }
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
// A string's characters: anything but a quote, backslash or control character (JSON forbids those raw), or an escape.
// eslint-disable-next-line no-control-regex
const STRING_CHAR = /(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*/y;

/** Scans one JSON value; `depth` bounds nesting like the parser's own stack would. */
function scanner(text: string) {
  let at = 0;
  const skip = () => {
    while (at < text.length && WS.has(text[at] as string)) at++;
  };
  const describe = () => (at >= text.length ? 'the text ends' : `found ${JSON.stringify(text[at])}`);
  const expect = (char: string, what: string) => {
    skip();
    if (text[at] !== char) throw new Stop(at, `expected ${what}, ${describe()}`);
    at++;
  };
  const string = () => {
    expect('"', 'a string');
    STRING_CHAR.lastIndex = at;
    STRING_CHAR.exec(text);
    at = STRING_CHAR.lastIndex;
    if (text[at] !== '"')
      throw new Stop(at, at >= text.length ? 'the string is not closed' : 'a control character or bad escape in a string');
    at++;
  };
  const value = (depth: number): void => {
    if (depth > 512) throw new Stop(at, 'nested too deeply');
    skip();
    const c = text[at];
    if (c === '{') {
      at++;
      skip();
      if (text[at] === '}') return void at++;
      for (;;) {
        skip();
        if (text[at] !== '"') throw new Stop(at, `expected a property name in double quotes, ${describe()}`);
        string();
        expect(':', '":"');
        value(depth + 1);
        skip();
        if (text[at] === ',') at++;
        else return expect('}', '"," or "}"');
      }
    }
    if (c === '[') {
      at++;
      skip();
      if (text[at] === ']') return void at++;
      for (;;) {
        value(depth + 1);
        skip();
        if (text[at] === ',') at++;
        else return expect(']', '"," or "]"');
      }
    }
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return void (at += word.length);
    NUMBER.lastIndex = at;
    if (NUMBER.exec(text)) return void (at = NUMBER.lastIndex);
    throw new Stop(at, `expected a value, ${describe()}`);
  };
  return {
    document() {
      value(0);
      skip();
      if (at < text.length) throw new Stop(at, `unexpected ${JSON.stringify(text[at])} after the end of the document`);
    },
  };
}

/** Line and column (from 1) of offset `at`. */
function placeOf(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < at && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: at - start + 1 };
}

/** The first syntax error in `text`, or undefined when it is valid JSON. */
export function findSyntaxError(text: string): SyntaxPlace | undefined {
  try {
    scanner(text).document();
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { ...placeOf(text, error.at), message: error.message };
  }
}
