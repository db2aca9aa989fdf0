/**
 * A pull request as its page in the app and `companion registry status` show it: open, closed or merged,
 * its checks, labels, reviews and every comment exactly as written, and what the registry's fee bot asks,
 * read from the bot account's own comments only (domain/fee-status.ts; anyone else asking is a warning).
 * Works signed in or anonymously (public reads). Reads count against GitHub's rate limit, so the answer
 * says how much is left.
 */
import { feeOverview } from '../../../domain/fee-status';
import type { PullRequestStatus } from '../../../domain/ipc/github-channels';
import type { GitHubClient, RepoRef } from '../../../github/index';
import { statusOf } from '../../../github/client';

interface Headers {
  readonly [name: string]: string | number | undefined;
}

function rateOf(headers: Headers): PullRequestStatus['rateLimit'] {
  const remaining = Number(headers['x-ratelimit-remaining']);
  const reset = Number(headers['x-ratelimit-reset']);
  return {
    remaining: headers['x-ratelimit-remaining'] !== undefined && Number.isFinite(remaining) ? remaining : null,
    resetAt: headers['x-ratelimit-reset'] !== undefined && Number.isFinite(reset) ? reset * 1000 : null,
  };
}

/** Comments come 100 to a page; a registry pull request has a handful, so a few pages are plenty. */
const MAX_COMMENT_PAGES = 5;
/** A registry pull request gets a review or two (the bot's Accept Review, a maintainer's); one page of 100 is plenty. */
const MAX_REVIEWS = 100;
/** Comment bodies are untrusted and unbounded upstream (GitHub allows 65,536 characters); the page needs no more. */
const MAX_BODY = 65_536;

export async function pullRequestStatus(
  client: GitHubClient,
  upstream: RepoRef,
  number: number,
  now: () => number = Date.now,
): Promise<PullRequestStatus> {
  const { owner, repo } = upstream;
  const pr = await client.rest.pulls.get({ owner, repo, pull_number: number });

  let checks: PullRequestStatus['checks'];
  try {
    const runs = await client.rest.checks.listForRef({ owner, repo, ref: pr.data.head.sha, per_page: 100 });
    checks = {
      available: true,
      runs: runs.data.check_runs.map((r) => ({
        name: r.name,
        status: r.status,
        conclusion: r.conclusion ?? null,
        url: r.html_url ?? null,
      })),
    };
  } catch (error) {
    // Some tokens may not list checks (GitHub answers 403); the pull request's page still shows them.
    if (statusOf(error) !== 403 && statusOf(error) !== 404) throw error;
    checks = { available: false, runs: [] };
  }

  const comments: PullRequestStatus['comments'] = [];
  for (let page = 1; page <= MAX_COMMENT_PAGES; page++) {
    const answer = await client.rest.issues.listComments({ owner, repo, issue_number: number, per_page: 100, page });
    for (const c of answer.data)
      comments.push({
        id: c.id,
        author: c.user?.login ?? 'ghost',
        bot: c.user?.type === 'Bot' || /\[bot\]$/.test(c.user?.login ?? ''),
        authorType: c.user?.type ?? 'User',
        body: (c.body ?? '').slice(0, MAX_BODY),
        createdAt: c.created_at,
        url: c.html_url,
      });
    if (answer.data.length < 100) break;
  }

  const reviewAnswer = await client.rest.pulls.listReviews({ owner, repo, pull_number: number, per_page: MAX_REVIEWS });
  // Read last, so its headers carry what is left of the rate limit after all these reads.
  const rateLimit = rateOf(reviewAnswer.headers);
  const reviews: PullRequestStatus['reviews'] = reviewAnswer.data.map((r) => ({
    author: r.user?.login ?? 'ghost',
    authorType: r.user?.type ?? 'User',
    state: r.state,
    submittedAt: r.submitted_at ?? null,
  }));
  const labels = pr.data.labels.map((l) => l.name).filter((name): name is string => typeof name === 'string');

  const merged = pr.data.merged || pr.data.merged_at !== null;
  const state = merged ? 'merged' : pr.data.state === 'closed' ? 'closed' : 'open';
  const fee = feeOverview({
    number: pr.data.number,
    state,
    labels,
    reviews,
    comments,
    checks: checks.available ? checks.runs : null,
  });
  return {
    url: pr.data.html_url,
    number: pr.data.number,
    title: pr.data.title,
    state,
    draft: pr.data.draft ?? false,
    mergedAt: pr.data.merged_at,
    closedAt: pr.data.closed_at,
    checks,
    comments,
    labels,
    reviews,
    fee: {
      ...fee,
      warnings: [...fee.warnings].map((w) => ({ ...w, addresses: [...w.addresses] })),
      paymentEvidence: [...fee.paymentEvidence],
    },
    rateLimit,
    fetchedAt: now(),
  };
}
