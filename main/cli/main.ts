import { commands } from './commands/index';
import { UsageError, type CliIo, type Command } from './command';
import { PRODUCT_NAME } from '../../domain/app-info';
import { redactText } from '../../domain/redact';
import { APP_VERSION } from '../../platform/app-version';

function topHelp(): string {
  const width = Math.max(...commands.map((c) => c.path.join(' ').length), 12);
  const lines = commands.map((c) => `  companion ${c.path.join(' ').padEnd(width)}  ${c.summary}`);
  return [
    `${PRODUCT_NAME} ${APP_VERSION}: MCP bridge, reference gateway and validator registry tools.`,
    '',
    'Usage: companion <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Options:',
    '  -h, --help     Show help (also: companion <command> --help)',
    '  -v, --version  Print the version',
    '',
  ].join('\n');
}

/** Finds the command whose path is the longest prefix of argv. */
function resolve(argv: readonly string[]): { command: Command; rest: readonly string[] } | undefined {
  let best: Command | undefined;
  for (const c of commands) {
    if (c.path.every((w, i) => argv[i] === w) && (!best || c.path.length > best.path.length)) best = c;
  }
  return best ? { command: best, rest: argv.slice(best.path.length) } : undefined;
}

/** One line per command of a group, the summaries in one column. */
function groupLines(group: readonly Command[]): string {
  const names = group.map((c) => `companion ${c.path.join(' ')}`);
  const width = Math.max(...names.map((n) => n.length));
  return group.map((c, i) => `  ${names[i]!.padEnd(width)}  ${c.summary}`).join('\n');
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const first = argv[0];
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    io.stdout.write(topHelp());
    return first === undefined ? 2 : 0;
  }
  if (first === '-v' || first === '--version') {
    io.stdout.write(`${APP_VERSION}\n`);
    return 0;
  }
  const found = resolve(argv);
  if (!found) {
    const group = commands.filter((c) => c.path[0] === first);
    if (group.length > 0) {
      // `companion clients --help` asks for the group's commands: an answer, exit 0. Without it, a subcommand is missing.
      const asked = argv.length === 2 && (argv[1] === '--help' || argv[1] === '-h');
      (asked ? io.stdout : io.stderr).write(`companion ${first}: choose a subcommand:\n${groupLines(group)}\n`);
      if (asked) return 0;
    } else {
      io.stderr.write(`companion: unknown command "${first}". Run "companion --help" to see the commands.\n`);
    }
    return 2;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(
        `companion ${command.path.join(' ')}: ${error.message}\nRun "companion ${command.path.join(' ')} --help" for usage.\n`,
      );
      return 2;
    }
    // Node's parseArgs throws TypeErrors with a code for unknown or malformed options.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(
        `companion ${command.path.join(' ')}: ${(error as Error).message}\nRun "companion ${command.path.join(' ')} --help" for usage.\n`,
      );
      return 2;
    }
    io.stderr.write(redactText(`companion ${command.path.join(' ')}: ${(error as Error).message ?? String(error)}\n`));
    return 1;
  }
}
