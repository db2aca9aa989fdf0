import { optionsHelp, parseOptions, type OptionSpecs, type ParsedArgs } from './options';

/** One `companion` subcommand. Each lives in its own module under ./commands and is listed in ./commands/index.ts. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly env: NodeJS.ProcessEnv;
}

export interface Command {
  /** Words after `companion`, e.g. ['registry', 'check'] or ['bridge']. */
  readonly path: readonly string[];
  /** One line for `companion --help`. */
  readonly summary: string;
  /** Full help text for `companion <path> --help`. */
  readonly help: string;
  /** Every option `run` accepts; its parser and the help's Options section are built from these. */
  readonly options: OptionSpecs;
  /** Returns the process exit code. Long-running commands (gateway, bridge, web) resolve when they stop. */
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

/** A usage error: printed with the command's help hint and exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface CommandDefinition<T extends OptionSpecs> {
  readonly path: readonly string[];
  readonly summary: string;
  /** The help's usage line(s), after "Usage: ". */
  readonly usage: string;
  /** What the command does, between the usage and the options. */
  readonly about: string;
  readonly options: T;
  /** Whether arguments other than options are accepted. */
  readonly positionals: boolean;
  /** Help after the options: examples, exit codes, lists. */
  readonly more?: string;
  /** Runs with argv already parsed against `options`. */
  run(args: ParsedArgs<T>, io: CliIo): Promise<number>;
}

/** Builds a command whose help and parser both come from its option declaration. */
export function defineCommand<const T extends OptionSpecs>(definition: CommandDefinition<T>): Command {
  const { path, summary, usage, about, options, positionals, more } = definition;
  return {
    path,
    summary,
    help: [`Usage: ${usage}`, about, `Options:\n${optionsHelp(options)}`, ...(more !== undefined ? [more] : [])].join('\n\n'),
    options,
    async run(argv, io) {
      return definition.run(parseOptions(options, argv, positionals), io);
    },
  };
}
