/** `companion github login|status|logout`: the GitHub sign-in the registry submission uses, from a terminal. */
import { defineCommand, UsageError, type CliIo, type Command } from '../command';
import { clientIdProblem as checkClientId } from '../../../domain/github-client-id';
import { promptHidden, readLines } from '../../../platform/credentials/secret-input';

const loadGitHub = () => import('../../../github/index');

const ENV_HELP = `Environment:
  COMPANION_GITHUB_TOKEN      a token to use instead of the keychain (never stored)
  COMPANION_GITHUB_API_URL    the REST API (default https://api.github.com; GitHub Enterprise: https://HOST/api/v3)
  COMPANION_GITHUB_URL        the web origin for the device flow (default https://github.com)
  COMPANION_GITHUB_CLIENT_ID  the OAuth app client id for the device flow (over the app's setting)
https:// is required; plain http only for loopback addresses.`;

async function readToken(io: CliIo): Promise<string> {
  if (io.stdin.isTTY) return promptHidden(io.stdin, io.stderr, 'GitHub token (input hidden): ');
  const [line = ''] = await readLines(io.stdin, 1);
  if (!line.trim()) throw new UsageError('--token-stdin reads the token from the first line of standard input, which is empty.');
  return line;
}

/** The device flow until it ends, or 'cancelled' on Ctrl-C, which stops polling at once and stores nothing. */
async function deviceLogin(clientId: string | undefined, io: CliIo) {
  const { clientIdSourceName, GitHubError, loginWithDeviceFlow } = await loadGitHub();
  const abort = new AbortController();
  const onInterrupt = () => abort.abort();
  process.once('SIGINT', onInterrupt);
  try {
    return await loginWithDeviceFlow(
      {
        ...(clientId !== undefined ? { clientId } : {}),
        signal: abort.signal,
        onVerification: (v) =>
          void io.stderr.write(
            `Signing in with the OAuth app from ${clientIdSourceName(v.clientIdSource)}.\n` +
              `Open ${v.verificationUri} and enter the code ${v.userCode} (valid ${Math.round(v.expiresInSeconds / 60)} minutes). Waiting… (Ctrl-C to cancel)\n`,
          ),
      },
      { env: io.env },
    );
  } catch (error) {
    if (error instanceof GitHubError && error.code === 'cancelled') return 'cancelled' as const;
    throw error;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

export const githubLoginCommand = defineCommand({
  path: ['github', 'login'],
  summary: 'Sign in to GitHub (device flow, or a classic token from stdin) for pull requests without a clone',
  usage: 'companion github login [--client-id ID] | companion github login --token-stdin',
  about: `Signs in to GitHub so "companion registry submit" can fork the registry and open pull requests from your
account. The token is checked with GitHub (who it belongs to, and that it has the public_repo scope) and
stored in the OS keychain (service "gateway-companion-github", account = the API origin), never in a file.

Without --token-stdin this runs GitHub's device flow: it prints a code and a page to enter it on, and waits
until the code is entered; Ctrl-C stops it at once and stores nothing (exit 130). That needs the client id
of an OAuth app with the device flow enabled: --client-id, else COMPANION_GITHUB_CLIENT_ID, else the one
saved in the app's Settings (GitHub), which is kept in settings.json in the config folder, else the one a
published build has built in.
Otherwise create a classic token with the public_repo scope at
https://github.com/settings/tokens/new?scopes=public_repo&description=Gateway%20Companion and pipe it in:
  companion github login --token-stdin < token.txt
Fine-grained tokens (github_pat_…) are refused: GitHub does not let them open a pull request on a public
repository you are not a member of.`,
  options: {
    'token-stdin': {
      type: 'boolean',
      description: 'Read a token from standard input (a hidden prompt on a terminal) instead of the device flow',
    },
    'client-id': {
      type: 'string',
      value: 'ID',
      description:
        "The OAuth app client id for the device flow (default: COMPANION_GITHUB_CLIENT_ID, then the app's setting, then the build's own)",
    },
  },
  positionals: false,
  more: `${ENV_HELP}\n\nExit code: 0 when signed in, 1 when GitHub or the keychain refused or the code expired, 2 on bad usage,\n130 when the sign-in was cancelled with Ctrl-C.`,
  async run({ values }, io) {
    const { loginWithToken } = await loadGitHub();
    const ctx = { env: io.env };
    if (values['token-stdin'] && values['client-id'] !== undefined)
      throw new UsageError('--client-id is for the device flow; it does nothing with --token-stdin.');
    const clientIdProblem = values['client-id'] !== undefined ? checkClientId(values['client-id']) : undefined;
    if (clientIdProblem) throw new UsageError(`--client-id: ${clientIdProblem}`);
    const account = values['token-stdin'] ? await loginWithToken(await readToken(io), ctx) : await deviceLogin(values['client-id'], io);
    if (account === 'cancelled') {
      io.stderr.write('Sign-in cancelled; nothing was stored.\n');
      return 130;
    }
    io.stdout.write(
      `Signed in to GitHub as @${account.login} (scopes: ${account.scopes.join(', ') || 'none reported'}). The token is in the OS keychain.\n`,
    );
    return 0;
  },
});

export const githubStatusCommand = defineCommand({
  path: ['github', 'status'],
  summary: 'Show which GitHub account is signed in (checked with GitHub)',
  usage: 'companion github status [--json]',
  about:
    'Says whether a GitHub token is available (keychain or COMPANION_GITHUB_TOKEN), checks it with GitHub and shows the account and its scopes. The token itself is never shown.',
  options: { json: { type: 'boolean', description: 'Print {"apiUrl","signedIn","source","login","scopes","problem"} as JSON' } },
  positionals: false,
  more: `${ENV_HELP}\n\nExit code: 0 when signed in with a usable token, else 1.`,
  async run({ values }, io) {
    const { githubStatus } = await loadGitHub();
    const status = await githubStatus({ env: io.env });
    if (values.json) io.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
    else if (status.signedIn)
      io.stdout.write(
        `Signed in to ${status.apiUrl} as @${status.login} (${status.source === 'environment' ? 'token from COMPANION_GITHUB_TOKEN' : 'token in the OS keychain'}; scopes: ${status.scopes?.join(', ') || 'none reported'}).\n`,
      );
    else if (status.problem && status.source) io.stdout.write(`The stored GitHub token cannot be used: ${status.problem}\n`);
    // No token could be read at all (no keychain): the problem says so and what to do.
    else if (status.problem) io.stdout.write(`${status.problem}\n`);
    else io.stdout.write(`Not signed in to ${status.apiUrl}. Run "companion github login".\n`);
    return status.signedIn ? 0 : 1;
  },
});

export const githubLogoutCommand = defineCommand({
  path: ['github', 'logout'],
  summary: 'Remove the GitHub token from the OS keychain',
  usage: 'companion github logout',
  about:
    'Deletes the GitHub token stored for the API origin (COMPANION_GITHUB_API_URL, default https://api.github.com) from the OS keychain. It does not revoke the token on GitHub: do that in your GitHub settings if it may have leaked.',
  options: {},
  positionals: false,
  async run(_args, io) {
    const { logout } = await loadGitHub();
    const removed = await logout({ env: io.env });
    io.stdout.write(removed ? 'Removed the GitHub token from the OS keychain.\n' : 'No GitHub token was stored.\n');
    if (io.env['COMPANION_GITHUB_TOKEN']) io.stdout.write('COMPANION_GITHUB_TOKEN is still set; unset it to sign out completely.\n');
    return 0;
  },
});

export const githubCommands: readonly Command[] = [githubLoginCommand, githubStatusCommand, githubLogoutCommand];
