/**
 * The few git operations the wizard offers: where the registry is a git checkout, its branch and
 * uncommitted changes, and a one-click branch + commit of exactly the files the wizard wrote.
 * git runs through platform/process/git: inside the registry folder only, never prompting, and unable
 * to run any program the folder's configuration names (hooks, filters, fsmonitor, …).
 */
import { checkBranchName } from '../../../domain/branch-name';
import type { GitInfo } from '../../../domain/ipc/registry-channels';
import { runGit, type RunOptions } from '../../../platform/process/git';
import { ServiceError } from '../service-error';
import { UndoStack, type Inverse } from '../undo-stack';

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

async function mustGit(root: string, args: readonly string[], what: string, options: RunOptions = {}): Promise<string> {
  const run = await runGit(root, args, options);
  if (run.ok) return run.stdout;
  if (/tell me who you are|unable to auto-detect email|empty ident/i.test(run.stderr)) {
    throw new ServiceError(
      'git_identity',
      'Git does not know your name and email yet, so it cannot make a commit. Sign in to GitHub and use "Push and open pull request" (the commit then carries your GitHub name and its private noreply address), or open a terminal in the registry folder, run  git config user.name "Your Name"  and  git config user.email "you@example.com", then press the button again.',
    );
  }
  throw new ServiceError('git_failed', `Git could not ${what}: ${firstLine(run.stderr)}.`);
}

export interface CommitRequest {
  branch: string;
  title: string;
  /** Paths relative to the registry root. */
  paths: readonly string[];
  /** user.name / user.email to pass for the commit when the user's git has none (see identityFallback). */
  identity?: readonly (readonly [string, string])[];
}

/** A commit made for the user, and how to put their branch and index back as they were before it. */
export interface PreparedCommit {
  readonly branch: string;
  readonly commit: string;
  /** The branch did not exist before this call. */
  readonly createdBranch: boolean;
  /** The branch already held exactly this change (an earlier attempt, or the commit button): nothing new was committed. */
  readonly reused: boolean;
  /**
   * Switches back to the branch the user was on and puts the index entries of the paths back; removes the
   * branch when this call created it, unless `keepBranch` (its commit was pushed). The working tree is
   * never touched. Resolves to what was done, in plain words.
   */
  restore(options?: { keepBranch?: boolean }): Promise<string[]>;
}

/** Whether the user's git has a name and an email for commits (config of any scope, or git's variables). */
async function hasIdentity(root: string, key: 'user.name' | 'user.email'): Promise<boolean> {
  const env = process.env;
  if (key === 'user.name' && env['GIT_AUTHOR_NAME'] && env['GIT_COMMITTER_NAME']) return true;
  if (key === 'user.email' && ((env['GIT_AUTHOR_EMAIL'] && env['GIT_COMMITTER_EMAIL']) || env['EMAIL'])) return true;
  const run = await runGit(root, ['config', '--get', key]);
  return run.ok && run.stdout.trim() !== '';
}

/** The `-c` settings that give a commit `identity` where the user's git has no name or email; empty when it has both. */
export async function identityFallback(root: string, identity: { name: string; email: string }): Promise<[string, string][]> {
  const out: [string, string][] = [];
  if (!(await hasIdentity(root, 'user.name'))) out.push(['user.name', identity.name]);
  if (!(await hasIdentity(root, 'user.email'))) out.push(['user.email', identity.email]);
  return out;
}

interface IndexEntry {
  readonly mode: string;
  readonly sha: string;
}

/** The index entries (stage 0) of `paths` as they are now. */
async function indexEntries(root: string, paths: readonly string[]): Promise<Map<string, IndexEntry>> {
  const out = new Map<string, IndexEntry>();
  const run = await runGit(root, ['ls-files', '--stage', '-z', '--', ...paths]);
  if (!run.ok) return out;
  for (const record of run.stdout.split('\0')) {
    const match = /^(\d{6}) ([0-9a-f]{40,64}) (\d)\t(.+)$/s.exec(record);
    if (match && match[3] === '0') out.set(match[4]!, { mode: match[1]!, sha: match[2]! });
  }
  return out;
}

const revParse = async (root: string, rev: string): Promise<string | null> => {
  const run = await runGit(root, ['rev-parse', '--verify', '--quiet', rev]);
  return run.ok ? run.stdout.trim() || null : null;
};

/**
 * Whether `ref` is exactly `base` plus `paths` as they are on disk: the commit an earlier attempt made for
 * this same change. Anything else on the branch means it is not ours to reuse.
 */
async function holdsChange(root: string, ref: string, base: string | null, paths: readonly string[]): Promise<boolean> {
  const parent = await revParse(root, `${ref}^1`);
  if (parent !== base || parent === null) return false;
  if ((await revParse(root, `${ref}^2`)) !== null) return false;
  const diff = await runGit(root, ['diff-tree', '-r', '--name-only', '--no-commit-id', '-z', `${ref}^`, ref]);
  if (!diff.ok) return false;
  const changed = new Set(diff.stdout.split('\0').filter((p) => p !== ''));
  if (changed.size !== paths.length || paths.some((p) => !changed.has(p))) return false;
  for (const path of paths) {
    const [inCommit, onDisk] = await Promise.all([revParse(root, `${ref}:${path}`), runGit(root, ['hash-object', '--', path])]);
    if (!onDisk.ok || inCommit !== onDisk.stdout.trim()) return false;
  }
  return true;
}

/** Where the folder was before the call: what HEAD pointed at, its commit, and the index entries of the paths. */
interface Origin {
  readonly root: string;
  readonly ref: string | null;
  readonly head: string | null;
  readonly index: Map<string, IndexEntry>;
}

/** Runs one git command of an inverse; a failure throws the words that go into "could not put everything back". */
async function undoGit(root: string, args: readonly string[], what: string): Promise<void> {
  const run = await runGit(root, args);
  if (!run.ok) throw new Error(`${what} (${firstLine(run.stderr)})`);
}

/** The inverse of switching HEAD: back to the branch, or the detached commit, it was at. */
function switchBack(origin: Origin): Inverse {
  return async () => {
    const { root, ref, head } = origin;
    if (ref) await undoGit(root, ['symbolic-ref', '-m', `back to ${ref}`, 'HEAD', ref], `switch back to ${ref}`);
    else if (head !== null) await undoGit(root, ['update-ref', '--no-deref', 'HEAD', head], 'go back to the detached commit');
    else return undefined;
    return `switched back to ${ref ? ref.replace(/^refs\/heads\//, '') : `commit ${head?.slice(0, 7)}`}`;
  };
}

/** The inverse of staging or committing the paths: their index entries as they were (every path is tried). */
function restoreIndex(origin: Origin, paths: readonly string[]): Inverse {
  return async () => {
    const problems: string[] = [];
    for (const path of paths) {
      const entry = origin.index.get(path);
      await (
        entry
          ? undoGit(
              origin.root,
              ['update-index', '--add', '--cacheinfo', `${entry.mode},${entry.sha},${path}`],
              `put back the staged ${path}`,
            )
          : undoGit(origin.root, ['update-index', '--force-remove', '--', path], `unstage ${path}`)
      ).catch((error: Error) => problems.push(error.message));
    }
    if (problems.length) throw new Error(problems.join('; '));
    return 'the written files are unstaged again';
  };
}

/** The inverse of creating the branch: removes it when it exists (without a first commit, the commit made it). */
function removeBranch(root: string, branch: string): Inverse {
  return async () => {
    const ref = `refs/heads/${branch}`;
    if ((await revParse(root, ref)) === null) return undefined;
    await undoGit(root, ['update-ref', '-d', ref], `remove the branch ${branch}`);
    return `removed the branch ${branch} made for this attempt`;
  };
}

/** The order "put back" is said in, whatever order the inverses ran in: where HEAD is first. */
const SAID_ORDER = ['switch', 'index', 'branch'];
const bySaidOrder = (a: { name: string }, b: { name: string }) => SAID_ORDER.indexOf(a.name) - SAID_ORDER.indexOf(b.name);

/** Unwinds `undo` and says what was put back, or throws what could not be. */
async function unwind(undo: UndoStack, keepBranch: boolean): Promise<string[]> {
  const report = await undo.unwind(keepBranch ? { keep: ['branch'] } : {});
  if (report.failed.length)
    throw new ServiceError(
      'git_restore_failed',
      `Git could not put everything back: ${[...report.failed]
        .sort(bySaidOrder)
        .map((f) => f.error.message)
        .join('; ')}. Check the folder with git status before going on.`,
    );
  return [...report.done].sort(bySaidOrder).map((d) => d.said);
}

/**
 * Makes `branch` the current branch, creating it at the current commit when it does not exist; each change
 * pushes its inverse on `undo`. Resolves to whether the branch already holds exactly this change.
 */
async function switchToBranch(origin: Origin, current: string | null, branch: string, paths: readonly string[], undo: UndoStack) {
  const { root, head } = origin;
  const branchRef = `refs/heads/${branch}`;
  if (current === branch)
    // Already on the branch, which may already have this commit (made with the commit button, say).
    return { createdBranch: false, reused: head !== null && (await holdsChange(root, 'HEAD', await revParse(root, 'HEAD^1'), paths)) };
  let createdBranch = false;
  let reused = false;
  if ((await revParse(root, branchRef)) !== null) {
    if (!(await holdsChange(root, branchRef, head, paths)))
      throw new ServiceError(
        'branch_exists',
        `A branch named "${branch}" already exists with other changes. Choose another name, or switch to it yourself and press the button again.`,
      );
    reused = true;
  } else {
    // The new branch starts at the current commit, so nothing in the folder changes: two ref updates
    // do what `git switch -c` does, without a checkout (no checkout hooks or filters to think of).
    // Without any commit yet, the commit below creates it.
    if (head !== null)
      await mustGit(root, ['update-ref', '-m', 'branch: Created from HEAD', branchRef, head, ''], `create the branch "${branch}"`);
    undo.push('branch', removeBranch(root, branch));
    createdBranch = true;
  }
  await mustGit(root, ['symbolic-ref', '-m', `switch to ${branch}`, 'HEAD', branchRef], `switch to the branch "${branch}"`);
  undo.push('switch', switchBack(origin));
  return { createdBranch, reused };
}

/**
 * Switches to `branch` (creating it from the current commit when it is not the current branch) and
 * commits exactly `paths`. Other uncommitted changes in the clone stay as they were, uncommitted. When the
 * branch already holds exactly this change it is reused without a new commit. If any step fails, the
 * branch and the index are put back as they were before the call (the undo stack unwinds).
 */
export async function prepareCommit(root: string, request: CommitRequest): Promise<PreparedCommit> {
  const info = await gitInfo(root);
  if (!info)
    throw new ServiceError(
      'not_git',
      'This registry folder is not a git checkout, so there is nothing to commit to. Copy the two files into your fork instead.',
    );
  const checked = checkBranchName(request.branch);
  if (!checked.ok) throw new ServiceError(checked.code, checked.message);
  const branch = checked.value;
  const symbolic = await runGit(root, ['symbolic-ref', '--quiet', 'HEAD']);
  const origin: Origin = {
    root,
    ref: symbolic.ok ? symbolic.stdout.trim() : null,
    head: await revParse(root, 'HEAD^{commit}'),
    index: await indexEntries(root, request.paths),
  };
  const undo = new UndoStack();
  try {
    const { createdBranch, reused } = await switchToBranch(origin, info.branch, branch, request.paths, undo);
    // Pushed first: a failed add or commit may have staged some of the paths already.
    undo.push('index', restoreIndex(origin, request.paths));
    if (reused) {
      // The index of the paths follows the branch's commit, as after a commit.
      await mustGit(root, ['reset', '--quiet', 'HEAD', '--', ...request.paths], 'update the index');
    } else {
      await mustGit(root, ['add', '--', ...request.paths], 'add the files');
      await mustGit(
        root,
        ['commit', '--quiet', '--no-verify', '--no-gpg-sign', '-m', request.title, '--only', '--', ...request.paths],
        'make the commit',
        { config: request.identity ?? [] },
      );
    }
    const commit = (await mustGit(root, ['rev-parse', 'HEAD'], 'read the new commit')).trim();
    // The stack now belongs to the caller: it is unwound if what follows the commit (a push) fails.
    return { branch, commit, createdBranch, reused, restore: ({ keepBranch = false } = {}) => unwind(undo, keepBranch) };
  } catch (error) {
    const undone = await unwind(undo, false).then(
      (done) => (done.length ? ` Your folder is back as it was: ${done.join('; ')}; the written files are on disk as before.` : ''),
      (e: Error) => ` ${e.message}`,
    );
    if (error instanceof ServiceError) throw new ServiceError(error.code, `${error.message}${undone}`);
    throw error;
  }
}

/**
 * Switches to `branch` (creating it from the current commit when it is not the current branch) and
 * commits exactly `paths`; on failure the branch and index are back as they were.
 */
export async function commitFiles(root: string, request: CommitRequest): Promise<{ branch: string; commit: string }> {
  const { branch, commit } = await prepareCommit(root, request);
  // Success: the inverses in `restore` are dropped with it.
  return { branch, commit };
}
