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
  /** Returns the process exit code. Long-running commands (gateway, bridge, web) resolve when they stop. */
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

/** A usage error: printed with the command's help hint and exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
