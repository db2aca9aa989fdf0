/** A config file that does not parse. It is never written; the message names the line for the user. */
export class ConfigParseError extends Error {
  override readonly name = 'ConfigParseError';
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(
      `${file} does not parse: line ${line}, column ${column}: ${reason}. It was left unchanged; fix that line (or restore a backup) and try again.`,
    );
  }
}

/** A config that parses but is shaped so that editing it safely is not possible (the message says why and what to do). */
export class ConfigShapeError extends Error {
  override readonly name = 'ConfigShapeError';
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}. It was left unchanged.`);
  }
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
