/** `companion registry push <root>`: local-clone mode's last step, the written change as a pull request from the clone. */
import { resolve } from 'node:path';
import { defineCommand, UsageError } from '../command';

const usage = 'companion registry push <registry-root> [--operation ID] [--branch NAME] [--upstream OWNER/REPO] [--json]';

const STEP_WORDS: Readonly<Record<string, string>> = {
  committing: 'committing the written files on the branch',
  forking: 'finding or making your fork',
  'waiting-for-fork': 'waiting for GitHub to finish your fork',
  pushing: 'pushing the branch to your fork',
  'opening-pull-request': 'opening the pull request',
};

export const registryPushCommand = defineCommand({
  path: ['registry', 'push'],
  summary: 'Commit, push to your fork and open the pull request for a change written to a clone',
  usage,
  about: `Takes the change "companion registry add|update|disable <registry-root>" (or the app's wizard) wrote into
your clone, commits exactly its files on a branch (made from the current commit; your other uncommitted
changes stay uncommitted), finds or makes your fork on GitHub, adds the remotes "fork" and "upstream" when
missing (existing remotes are never changed), pushes the branch to your fork and opens the pull request
on the upstream with the registry's usual title. When git has no name or email, the commit uses your
GitHub account's name and its noreply address (for this commit only; your git config is not changed).

git gets the token from the OS keychain through this program in its askpass mode: it is never put in a
URL, a file, an argument or the environment. Hooks and program-running settings of the clone stay off,
and a clone whose own .git/config sets http.* or url.* is refused.

On any failure the branch and the index are put back as they were; a branch that already reached the fork
is kept, and running the command again reuses it and finds the open pull request.
Sign in first: companion github login (or set COMPANION_GITHUB_TOKEN).`,
  options: {
    operation: {
      type: 'string',
      value: 'ID',
      description: 'The write to submit, from "companion registry undo --list" (default: the newest one not undone)',
    },
    branch: { type: 'string', value: 'NAME', description: 'The branch name (default: companion/<kind>-<chain>-<id>)' },
    upstream: {
      type: 'string',
      value: 'OWNER/REPO',
      default: 'trustwallet/assets',
      description: 'The registry repository to open the pull request on',
    },
    'history-dir': {
      type: 'string',
      value: 'DIR',
      description: 'Where write history is kept (default: per-user config folder), as given to the write',
    },
    json: {
      type: 'boolean',
      description: 'Print {"ok","url","number","branch","commit","files","fork",...} or {"ok":false,"error"} as JSON',
    },
  },
  positionals: true,
  more: `Prints the pull request's URL on the last line.
Exit code: 0 when the pull request is open, 1 when git or GitHub refused (the folder is put back), 2 on bad usage.`,
  async run({ values, positionals }, io) {
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? `the registry folder is missing. Usage: ${usage}` : 'expected one registry folder.');
    const root = resolve(positionals[0]!);
    const json = values.json ?? false;
    const { parseRepoName } = await import('../../../github/index');
    if (!parseRepoName(values.upstream)) throw new UsageError(`--upstream: "${values.upstream}" is not OWNER/REPO.`);
    const { pushLocalChange } = await import('../../services/local-submission');
    const { ServiceError } = await import('../../services/service-error');
    const { GitHubError } = await import('../../../github/index');
    try {
      const result = await pushLocalChange(
        {
          root,
          upstream: values.upstream,
          ...(values.operation ? { operationId: values.operation } : {}),
          ...(values.branch ? { branch: values.branch } : {}),
        },
        { env: io.env },
        {
          ...(values['history-dir'] ? { historyDir: resolve(values['history-dir']) } : {}),
          ...(json ? {} : { onStep: (step) => void io.stderr.write(`… ${STEP_WORDS[step] ?? step}\n`) }),
        },
      );
      if (json) io.stdout.write(`${JSON.stringify({ ok: true, ...result }, null, 2)}\n`);
      else
        io.stdout.write(
          [
            ...result.notes,
            ...(result.identityFromAccount ? ['git had no name or email: the commit carries your GitHub name and noreply address.'] : []),
            `${result.reusedPullRequest ? 'The pull request was already open' : 'Opened pull request'} #${result.number} "${result.title}" from ${result.fork} branch ${result.branch} (commit ${result.commit.slice(0, 7)}${result.reusedCommit ? ', already there' : ''}):`,
            result.url,
            '',
          ].join('\n'),
        );
      return 0;
    } catch (error) {
      if (!(error instanceof ServiceError || error instanceof GitHubError)) throw error;
      if (json) io.stdout.write(`${JSON.stringify({ ok: false, error: { code: error.code, message: error.message } }, null, 2)}\n`);
      else io.stderr.write(`${error.message}\n`);
      return 1;
    }
  },
});
