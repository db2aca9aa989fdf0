/**
 * A command's options, declared once: the parser (`node:util` parseArgs, strict) and the Options section
 * of its help are both built from the declaration, so `--help` cannot promise a flag the command refuses.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

interface Common {
  /** Help text. Further lines (after `\n`) are indented under the first. */
  readonly description: string;
  /** A one-letter alias, without the dash. */
  readonly short?: string;
}

type OptionSpec =
  | (Common & {
      readonly type: 'string';
      /** The value's name in help, e.g. `NAME` in `--profile NAME`. */
      readonly value: string;
      /** May be repeated; the values arrive as an array. */
      readonly multiple?: boolean;
      /** What the parser fills in when the option is absent; help shows it as `(default …)`. */
      readonly default?: string;
    })
  | (Common & { readonly type: 'boolean' });

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type ValueOf<S extends OptionSpec> = S extends { type: 'boolean' } ? boolean : S extends { multiple: true } ? string[] : string;
type Defaulted<T extends OptionSpecs> = { [K in keyof T]: T[K] extends { default: string } ? K : never }[keyof T];

/** What parsing gives back: options with a default are always present, the others only when given. */
export type OptionValues<T extends OptionSpecs> = { -readonly [K in Defaulted<T>]: ValueOf<T[K]> } & {
  -readonly [K in Exclude<keyof T, Defaulted<T>>]?: ValueOf<T[K]>;
};

export interface ParsedArgs<T extends OptionSpecs> {
  values: OptionValues<T>;
  positionals: string[];
}

/**
 * Parses argv strictly: an unknown option, a missing value or (unless `positionals`) a stray argument
 * throws parseArgs' ERR_PARSE_ARGS_* error, which the CLI reports as bad usage (exit code 2).
 */
export function parseOptions<T extends OptionSpecs>(specs: T, argv: readonly string[], positionals: boolean): ParsedArgs<T> {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries(specs)) {
    options[name] = {
      type: spec.type,
      ...(spec.short !== undefined ? { short: spec.short } : {}),
      ...(spec.type === 'string' && spec.multiple ? { multiple: true } : {}),
      ...(spec.type === 'string' && spec.default !== undefined ? { default: spec.default } : {}),
    };
  }
  const parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: positionals });
  return { values: parsed.values as OptionValues<T>, positionals: parsed.positionals };
}

/** `--help` is answered by the CLI itself before any command parses, so every command has it. */
const HELP_ROW: readonly [string, string] = ['-h, --help', 'Show this help.'];

/** The lines under "Options:": one row per option, descriptions aligned in one column. */
export function optionsHelp(specs: OptionSpecs): string {
  const rows: (readonly [string, string])[] = Object.entries(specs).map(([name, spec]) => {
    const flag = `${spec.short !== undefined ? `-${spec.short}, ` : ''}--${name}${spec.type === 'string' ? ` ${spec.value}` : ''}`;
    const fallback = spec.type === 'string' && spec.default !== undefined ? ` (default ${spec.default})` : '';
    return [flag, `${spec.description}${fallback}`];
  });
  rows.push(HELP_ROW);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  const indent = ' '.repeat(width + 4);
  return rows
    .map(([flag, text]) => {
      const [first, ...more] = text.split('\n');
      return [`  ${flag.padEnd(width)}  ${first}`, ...more.map((line) => indent + line)].join('\n');
    })
    .join('\n');
}
