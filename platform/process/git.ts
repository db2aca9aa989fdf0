/**
 * git that cannot run the code of the folder it works in. A registry folder comes from outside, and
 * git honours the folder's own `.git/config`, hooks and `.gitattributes`: fsmonitor, hooks, clean,
 * smudge and process filters, external diff and textconv, pagers, editors, ssh and credential helpers
 * can each name a program. Every call here therefore:
 *
 * - runs git with execFile (never a shell), stdin closed, no prompts, a timeout;
 * - neutralises every program-running setting on the command line (`-c` wins over every config file),
 *   including each filter, diff driver and configured hook the folder's configuration defines, which
 *   are listed right before the call (so a driver an `includeIf "onbranch:…"` brings in is covered);
 * - reads pathspecs literally (`--literal-pathspecs`): `:/`, `:(glob)*` or `*` name files, not patterns.
 *
 * The user's own identity (user.name, user.email) still comes from their global configuration.
 * A caller may add settings and environment variables for one call (`RunOptions`): a push names its
 * askpass helper and the protocol it allows, a commit its identity; they never reach a config file.
 */
import { execFile } from 'node:child_process';
import { devNull } from 'node:os';

export interface GitRun {
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
  /** git itself is not installed. */
  readonly missing: boolean;
}

/** Program-running settings, each set to what runs nothing. */
const FIXED_SETTINGS: readonly (readonly [string, string])[] = [
  // An empty value disables fsmonitor in every git version (a hook path before 2.36, a boolean since).
  ['core.fsmonitor', ''],
  ['core.useBuiltinFSMonitor', 'false'],
  // No hook is found under the null device: covers .git/hooks and any hooks path the folder sets.
  ['core.hooksPath', devNull],
  ['core.pager', 'cat'],
  ['core.editor', ':'],
  ['sequence.editor', ':'],
  ['core.sshCommand', ''],
  ['core.askPass', ''],
  ['core.gitProxy', ''],
  ['core.alternateRefsCommand', ''],
  // An empty value clears the list of helpers.
  ['credential.helper', ''],
  ['protocol.allow', 'never'],
  ['diff.external', ''],
  ['commit.gpgSign', 'false'],
  ['tag.gpgSign', 'false'],
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
  ['submodule.recurse', 'false'],
  ['diff.ignoreSubmodules', 'all'],
  ['status.submoduleSummary', 'false'],
  ['safe.bareRepository', 'explicit'],
];

/** Per-name settings of the drivers and hooks a configuration defines, each set to run nothing. */
const PER_NAME: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  filter: [
    ['clean', ''],
    ['smudge', ''],
    ['process', ''],
    // With nothing to run, a required filter would make git fail instead of storing the file as it is.
    ['required', 'false'],
  ],
  diff: [
    ['command', ''],
    ['textconv', ''],
  ],
  merge: [['driver', '']],
  // Configured hooks (git 2.54 and later); core.hooksPath does not reach them.
  hook: [
    ['command', ''],
    ['enabled', 'false'],
  ],
};

/** More named drivers than any real configuration has: a folder that defines them is refused rather than run. */
const MAX_NAMES = 200;

/** Environment git sees: the user's, without variables that would pick another repository or a program. */
const KEEP_GIT_VARIABLES = new Set([
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_AUTHOR_DATE',
  'GIT_COMMITTER_NAME',
  'GIT_COMMITTER_EMAIL',
  'GIT_COMMITTER_DATE',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_NOSYSTEM',
  'GIT_CEILING_DIRECTORIES',
]);

export interface RunOptions {
  /** More `-c key=value` settings, after the fixed ones (for a key git reads once, the last one wins). */
  readonly config?: readonly (readonly [string, string])[];
  /** Variables added to git's environment for this call (GIT_ASKPASS for a push, and what its helper needs). */
  readonly env?: Readonly<Record<string, string>>;
  /** Default 30 s; a push of a large change may need longer. */
  readonly timeoutMs?: number;
}

function gitEnvironment(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('GIT_') && !KEEP_GIT_VARIABLES.has(name)) continue;
    if (name === 'SSH_ASKPASS') continue;
    env[name] = value;
  }
  return {
    ...env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_NO_LAZY_FETCH: '1',
    GIT_PAGER: 'cat',
    GIT_EDITOR: ':',
    LC_ALL: 'C',
    ...extra,
  };
}

const configArgs = (settings: Iterable<readonly [string, string]>) => [...settings].flatMap(([key, value]) => ['-c', `${key}=${value}`]);

/** git with the fixed settings, reading pathspecs literally, without a pager. */
const BASE_ARGS = ['--no-pager', '--literal-pathspecs', ...configArgs(FIXED_SETTINGS)];

function execGit(cwd: string, args: readonly string[], options: RunOptions = {}): Promise<GitRun & { code: number | string | undefined }> {
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      [...args],
      { cwd, env: gitEnvironment(options.env), timeout: options.timeoutMs ?? 30_000, maxBuffer: 8 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        const code = (error as (NodeJS.ErrnoException & { code?: number | string }) | null)?.code;
        resolve({ ok: !error, stdout: String(stdout), stderr: String(stderr), missing: code === 'ENOENT', code: error ? code : 0 });
      },
    );
    // Nothing ever reads a prompt's answer: stdin is closed at once.
    child.stdin?.end();
  });
}

/**
 * The `-c` overrides for the named drivers and hooks in `names` (as `git config --name-only` prints
 * them: `filter.lfs.clean`, `hook.lint.command`, …), or a refusal when they cannot be passed safely.
 */
export function driverOverrides(names: readonly string[]): { ok: true; args: string[] } | { ok: false; reason: string } {
  const seen = new Set<string>();
  const settings: (readonly [string, string])[] = [];
  for (const name of names) {
    const first = name.indexOf('.');
    const last = name.lastIndexOf('.');
    if (first < 0 || last <= first) continue; // no subsection: a fixed setting such as diff.external
    const section = name.slice(0, first).toLowerCase();
    const subsection = name.slice(first + 1, last);
    const perName = PER_NAME[section];
    if (!perName || seen.has(`${section}.${subsection}`)) continue;
    // `-c key=value` splits at the first "=", and a key holds one line.
    if (/[=\n\r\0]/.test(subsection))
      return { ok: false, reason: `its git configuration names a ${section} "${subsection}" that cannot be overridden` };
    seen.add(`${section}.${subsection}`);
    if (seen.size > MAX_NAMES)
      return { ok: false, reason: `its git configuration defines more than ${MAX_NAMES} filters, diff drivers and hooks` };
    for (const [variable, value] of perName) settings.push([`${section}.${subsection}.${variable}`, value]);
  }
  return { ok: true, args: configArgs(settings) };
}

/** The filter, diff and merge drivers and configured hooks of the folder's configuration (every scope, includes followed). */
async function namedDriverArgs(cwd: string): Promise<{ ok: true; args: string[] } | { ok: false; run: GitRun }> {
  const listed = await execGit(cwd, [...BASE_ARGS, 'config', '-z', '--name-only', '--get-regexp', '^(filter|diff|merge|hook)\\.']);
  // Exit code 1: no such setting.
  if (!listed.ok && listed.code !== 1) return { ok: false, run: listed };
  const overrides = driverOverrides(listed.ok ? listed.stdout.split('\0').filter((n) => n !== '') : []);
  if (overrides.ok) return overrides;
  return {
    ok: false,
    run: { ok: false, stdout: '', stderr: `fatal: git will not run in this folder: ${overrides.reason}`, missing: false },
  };
}

/** Runs one git command in `cwd` with every program-running setting neutralised (see above). */
export async function runGit(cwd: string, args: readonly string[], options: RunOptions = {}): Promise<GitRun> {
  const drivers = await namedDriverArgs(cwd);
  if (!drivers.ok) return drivers.run;
  const { ok, stdout, stderr, missing } = await execGit(
    cwd,
    [...BASE_ARGS, ...drivers.args, ...configArgs(options.config ?? []), ...args],
    options,
  );
  return { ok, stdout, stderr, missing };
}
