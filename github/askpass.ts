/**
 * How git gets the GitHub token for a push without the token ever being in a URL, a file, an argument or
 * an environment variable we set: git runs GIT_ASKPASS, which is this app itself in its askpass mode
 * (`companion github askpass`, or the installed app with `--git-askpass`). That helper reads the token from
 * the OS keychain (or from COMPANION_GITHUB_TOKEN when the user set it) and prints it to git through a
 * pipe. It answers only for the one server the push goes to, which the parent names in the environment.
 *
 * GIT_ASKPASS must name one executable (git runs it without a shell), so the parent writes a two-line
 * launcher script into a private temporary folder; the script holds the command, never the token.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENV_GITHUB_API_URL, ENV_GITHUB_TOKEN, githubEndpoints } from './config';
import { TokenStore } from './token-store';

/** The URL git pushes to (no credentials in it): the helper answers only for its origin. */
export const ENV_ASKPASS_URL = 'COMPANION_ASKPASS_URL';
/** The user name to answer with (the GitHub login; GitHub ignores it for a token, but git asks). */
export const ENV_ASKPASS_LOGIN = 'COMPANION_ASKPASS_LOGIN';

/** How to start this app in its askpass mode: a command and the arguments before git's prompt. */
export interface AskpassProgram {
  readonly command: string;
  readonly args: readonly string[];
}

export class AskpassRefusal extends Error {
  override readonly name = 'AskpassRefusal';
}

const PROMPT = /^(Username|Password) for '([^']+)': ?$/;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The answer to one of git's prompts, or a refusal (git then fails the push, showing our stderr).
 * `store` defaults to the OS keychain with COMPANION_GITHUB_TOKEN taking precedence.
 */
export async function answerAskpass(prompt: string, env: NodeJS.ProcessEnv, store = new TokenStore(undefined, env)): Promise<string> {
  const match = PROMPT.exec(prompt.trim());
  if (!match) throw new AskpassRefusal(`only git's user name and password prompts are answered, not "${prompt}".`);
  const expected = env[ENV_ASKPASS_URL] ? originOf(env[ENV_ASKPASS_URL]) : undefined;
  if (!expected) throw new AskpassRefusal('the GitHub token is given only to a push the app started itself.');
  // The prompt names the server as git will contact it; a redirect or a rewritten URL shows up here.
  if (originOf(match[2]!) !== expected)
    throw new AskpassRefusal(`the GitHub token is given only to ${expected}, not to ${originOf(match[2]!) ?? match[2]!}.`);
  if (match[1] === 'Username') return env[ENV_ASKPASS_LOGIN] || 'x-access-token';
  const stored = await store.get(githubEndpoints(env).apiUrl);
  if (!stored) throw new AskpassRefusal('not signed in to GitHub: sign in again (companion github login, or in the app), then retry.');
  return stored.token;
}

/**
 * What git's environment gets for a push through the askpass helper: where the helper is, which server
 * it may answer and which API origin's token it reads. COMPANION_GITHUB_TOKEN passes through only when the
 * user set it in `userEnv` (that is where the token came from); nothing else holds a secret.
 */
export function askpassEnvironment(
  script: string,
  pushUrl: string,
  login: string,
  apiUrl: string,
  userEnv: NodeJS.ProcessEnv,
): Record<string, string> {
  const userToken = userEnv[ENV_GITHUB_TOKEN];
  return {
    GIT_ASKPASS: script,
    [ENV_ASKPASS_URL]: pushUrl,
    [ENV_ASKPASS_LOGIN]: login,
    [ENV_GITHUB_API_URL]: apiUrl,
    ...(userToken ? { [ENV_GITHUB_TOKEN]: userToken } : {}),
  };
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs `work` with the path of a launcher for `program` in a private folder, removed afterwards. */
export async function withAskpassScript<T>(program: AskpassProgram, work: (script: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'companion-askpass-'));
  try {
    const script = join(dir, 'askpass.sh');
    const command = [program.command, ...program.args].map(shellQuote).join(' ');
    await writeFile(script, `#!/bin/sh\nexec ${command} "$@"\n`, { mode: 0o700 });
    await chmod(script, 0o700);
    return await work(script);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
