/**
 * The registry's rules for a pull request, checked before one is opened: one chain per pull request, only
 * the validator files of that chain, and at most 10 logos (the registry's bot rejects more).
 */
import { GitHubError } from './errors';

export const MAX_LOGOS_PER_PULL_REQUEST = 10;

const ALLOWED = /^blockchains\/([^/]+)\/validators\/(?:list\.json|assets\/[^/]+\/logo\.png)$/;

/** The broken rules in plain words (empty when the files may go into one pull request). */
export function pullRequestRuleProblems(paths: readonly string[]): string[] {
  const problems: string[] = [];
  const chains = new Set<string>();
  for (const path of paths) {
    const match = ALLOWED.exec(path);
    if (!match) problems.push(`${path} is not a validator list or logo; a registry pull request may change only those.`);
    else chains.add(match[1]!);
  }
  if (chains.size > 1)
    problems.push(`The files belong to ${chains.size} chains (${[...chains].join(', ')}); the registry takes one chain per pull request.`);
  const logos = paths.filter((p) => p.endsWith('/logo.png')).length;
  if (logos > MAX_LOGOS_PER_PULL_REQUEST)
    problems.push(
      `The pull request would add ${logos} logos; the registry accepts at most ${MAX_LOGOS_PER_PULL_REQUEST} per pull request.`,
    );
  if (paths.length === 0) problems.push('Nothing would change: the upstream already has exactly this.');
  return problems;
}

export function checkPullRequestRules(paths: readonly string[]): void {
  const problems = pullRequestRuleProblems(paths);
  if (problems.length) throw new GitHubError('pull-request-rules', problems.join(' '));
}
