/**
 * Child process for main/cli/testing/registry-crash-suite.ts: the real `companion registry …` command
 * (main/cli/commands/registry.ts) with the arguments given, on the process's own stdout and stderr.
 *   registry <add|check|undo|…> <arguments…>
 * Loads everything it loads (sharp included; not the other commands), prints "idle" on stderr, starts on
 * any input line and exits with the command's exit code. Preloading lets a test time its kill against the
 * command's work rather than Node's start-up.
 */
import { once } from 'node:events';

async function cli(argv: string[]): Promise<void> {
  const [{ registryCommands }] = await Promise.all([
    import('../commands/registry'),
    import('../../../registry/index'),
    import('../../../registry/report-format'),
    import('sharp'),
  ]);
  const command = registryCommands.find((c) => c.path.every((word, i) => argv[i] === word));
  if (!command) throw new Error(`no command ${argv.slice(0, 2).join(' ')}`);
  process.stderr.write('idle\n');
  await once(process.stdin, 'data');
  process.stdin.destroy();
  const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
  process.exit(await command.run(argv.slice(command.path.length), io));
}

cli(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
