// Every flag a command's help mentions (usage, options, examples) must be accepted by that command, and
// every option the command accepts must be documented in its Options section.
import { describe, expect, it } from 'vitest';
import type { Command } from './command';
import { commands } from './commands/index';
import { main } from './main';
import { captureIo } from './test-io';

/** An option no command has: parsing stops at the first unknown option, so if it names this one, all before it passed. */
const PROBE = '--zz-not-an-option';
/** The installed app's switch that runs the bridge: the bridge help mentions it, but it is not a bridge option. */
const APP_SWITCHES = new Set(['--mcp-bridge']);

const FLAG = /(?<![\w-])--[a-z][a-z0-9-]*/g;
const INVOCATION = /(?<![\w-])companion((?: [a-z][a-z-]*)+)/g;

/** The command a `companion <words>` names: the longest command path its words start with. */
function named(words: readonly string[]): Command | undefined {
  let best: Command | undefined;
  for (const c of commands) if (c.path.every((w, i) => words[i] === w) && (!best || c.path.length > best.path.length)) best = c;
  return best;
}

/** Each flag in `command`'s help with the command it belongs to: an invocation on the line (`companion login --url …`) names another. */
function mentionedFlags(command: Command): { owner: Command; flag: string; line: string }[] {
  const found: { owner: Command; flag: string; line: string }[] = [];
  for (const line of command.help.split('\n')) {
    const cuts = [...line.matchAll(INVOCATION)]
      .map((m) => ({ at: m.index, owner: named(m[1]!.trim().split(' ')) }))
      .filter((c): c is { at: number; owner: Command } => c.owner !== undefined);
    for (const m of line.matchAll(FLAG)) {
      const owner = cuts.filter((c) => c.at < m.index).at(-1)?.owner ?? command;
      if (!APP_SWITCHES.has(m[0])) found.push({ owner, flag: m[0], line });
    }
  }
  return found;
}

/** The flags that start the rows of the Options section. */
function optionRows(help: string): string[] {
  const section = help.split('\nOptions:\n')[1]?.split('\n\n')[0] ?? '';
  return section
    .split('\n')
    .map((row) => /^ {2}(?:-[a-z], )?(--[a-z][a-z0-9-]*)(?: (\S+))?/.exec(row))
    .filter((m) => m !== null)
    .map((m) => (m[2] ? `${m[1]} ${m[2]}` : m[1]!));
}

async function run(argv: string[]) {
  const c = captureIo();
  const code = await main(argv, c.io);
  return { code, out: c.out(), err: c.err() };
}

describe.each(commands.map((c) => [c.path.join(' '), c] as const))('companion %s --help', (_name, command) => {
  it('mentions only flags that the named command accepts', async () => {
    const mentioned = mentionedFlags(command);
    expect(mentioned.length).toBeGreaterThan(0);
    for (const { owner, flag, line } of mentioned) {
      if (flag === '--help') continue; // the CLI answers it for every command: checked below
      const spec = owner.options[flag.slice(2)];
      const argv = [...owner.path, flag, ...(spec?.type === 'string' ? ['x'] : []), PROBE];
      const result = await run(argv);
      // Exit code 2 for bad usage, blaming the probe: the documented flag itself was accepted.
      expect({ line, code: result.code, err: result.err }).toEqual({ line, code: 2, err: expect.stringContaining(`'${PROBE}'`) });
    }
  });

  it('documents every option it accepts, with its value, in the Options section', () => {
    const expected = Object.entries(command.options).map(([name, spec]) =>
      spec.type === 'string' ? `--${name} ${spec.value}` : `--${name}`,
    );
    expect(optionRows(command.help)).toEqual([...expected, '--help']);
  });

  it('answers --help and -h with this help, and an unknown option with exit code 2', async () => {
    for (const flag of ['--help', '-h']) expect(await run([...command.path, flag])).toEqual({ code: 0, out: `${command.help}\n`, err: '' });
    const bad = await run([...command.path, PROBE]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(`Run "companion ${command.path.join(' ')} --help" for usage.`);
  });
});
