/**
 * The few git operations the wizard offers: where the registry is a git checkout, its branch and
 * uncommitted changes, and a one-click branch + commit of exactly the files the wizard wrote.
 * git runs through platform/process/git: inside the registry folder only, never prompting, and unable
 * to run any program the folder's configuration names (hooks, filters, fsmonitor, …).
 */
import { checkBranchName } from '../../../domain/branch-name';
import type { GitInfo } from '../../../domain/ipc/registry-channels';
import { runGit } from '../../../platform/process/git';
import { ServiceError } from '../service-error';

const SHOWN_PATHS = 8;

/** Branch and uncommitted changes, or null when the folder is not inside a git checkout (or git is missing). */
export async function gitInfo(root: string): Promise<GitInfo | null> {
  const inside = await runGit(root, ['rev-parse', '--is-inside-work-tree']);
  if (!inside.ok || inside.stdout.trim() !== 'true') return null;
  const [branch, status] = await Promise.all([
    runGit(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']),
    runGit(root, ['status', '--porcelain=v1', '--untracked-files=all', '--ignore-submodules=all', '--', '.']),
  ]);
  const lines = status.ok ? status.stdout.split('\n').filter((l) => l.trim() !== '') : [];
  return {
    branch: branch.ok ? branch.stdout.trim() || null : null,
    changes: lines.length,
    changedPaths: lines.slice(0, SHOWN_PATHS).map((l) => l.slice(3)),
  };
}

/** git's own first line of complaint, for messages. */
function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.replace(/^(fatal|error): /, '').trim())
      .find((l) => l !== '') ?? 'git reported an error'
  );
}

async function mustGit(root: string, args: readonly string[], what: string): Promise<string> {
  const run = await runGit(root, args);
  if (run.ok) return run.stdout;
  if (/tell me who you are|unable to auto-detect email|empty ident/i.test(run.stderr)) {
    throw new ServiceError(
      'git_identity',
      'Git does not know your name and email yet, so it cannot make a commit. Open a terminal in the registry folder, run  git config user.name "Your Name"  and  git config user.email "you@example.com", then press the button again.',
    );
  }
  throw new ServiceError(
    'git_failed',
    `Git could not ${what}: ${firstLine(run.stderr)}. Nothing else was changed; your files are written and you can commit them with your usual git tool.`,
  );
}

export interface CommitRequest {
  branch: string;
  title: string;
  /** Paths relative to the registry root. */
  paths: readonly string[];
}

/**
 * Switches to `branch` (creating it from the current commit when it is not the current branch) and
 * commits exactly `paths`. Other uncommitted changes in the clone stay as they were, uncommitted.
 */
export async function commitFiles(root: string, request: CommitRequest): Promise<{ branch: string; commit: string }> {
  const info = await gitInfo(root);
  if (!info)
    throw new ServiceError(
      'not_git',
      'This registry folder is not a git checkout, so there is nothing to commit to. Copy the two files into your fork instead.',
    );
  const checked = checkBranchName(request.branch);
  if (!checked.ok) throw new ServiceError(checked.code, checked.message);
  const branch = checked.value;
  if (info.branch !== branch) {
    const exists = await runGit(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]);
    if (exists.ok)
      throw new ServiceError(
        'branch_exists',
        `A branch named "${branch}" already exists. Choose another name, or switch to it yourself and press the button again.`,
      );
    // The new branch starts at the current commit, so nothing in the folder changes: two ref updates
    // do what `git switch -c` does, without a checkout (no checkout hooks or filters to think of).
    const head = await runGit(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
    if (head.ok) {
      await mustGit(
        root,
        ['update-ref', '-m', 'branch: Created from HEAD', `refs/heads/${branch}`, head.stdout.trim(), ''],
        `create the branch "${branch}"`,
      );
    }
    await mustGit(root, ['symbolic-ref', '-m', `switch to ${branch}`, 'HEAD', `refs/heads/${branch}`], `switch to the branch "${branch}"`);
  }
  await mustGit(root, ['add', '--', ...request.paths], 'add the files');
  await mustGit(
    root,
    ['commit', '--quiet', '--no-verify', '--no-gpg-sign', '-m', request.title, '--only', '--', ...request.paths],
    'make the commit',
  );
  const head = await mustGit(root, ['rev-parse', 'HEAD'], 'read the new commit');
  return { branch, commit: head.trim() };
}
