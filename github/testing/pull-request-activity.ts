/**
 * What happens on a pull request after it is opened, for the fake GitHub: the registry's fee bot commenting
 * (in each wording it has used, see fee-bot-wordings.ts) and strangers posting copies, labels such as
 * "Payment Status: Requested", reviews (the bot's automatic Accept Review, a maintainer's "changes
 * requested"), CI check runs, a maintainer merging or closing. Added to a FakeGitHub through its public
 * interceptors (`pulls/get`, `pulls/list-reviews`, `checks/list-for-ref`, `issues/list-comments`), so every
 * answer is still checked against GitHub's OpenAPI description like the rest of the fake.
 */
import type { FakeGitHub, Interception } from './fake-github';
import { sample, sampleSchema } from './openapi';

export type FakeReviewState = 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED';

type Json = Record<string, unknown>;

export interface FakeCheckRun {
  readonly name: string;
  readonly status: 'queued' | 'in_progress' | 'completed';
  readonly conclusion: 'success' | 'failure' | 'neutral' | 'cancelled' | 'skipped' | 'timed_out' | 'action_required' | null;
}

export const FEE_BOT = 'merge-fee-bot[bot]';

export class PullRequestActivity {
  private readonly comments = new Map<number, Json[]>();
  private readonly checks = new Map<number, FakeCheckRun[]>();
  private readonly merged = new Set<number>();
  private readonly labels = new Map<number, string[]>();
  private readonly reviews = new Map<number, Json[]>();
  private nextId = 9000;

  constructor(private readonly fake: FakeGitHub) {
    fake.intercept('pulls/get', () => this.answer((n) => this.pullJson(n)));
    fake.intercept('issues/list-comments', () => this.answer((n) => this.comments.get(n) ?? []));
    fake.intercept('pulls/list-reviews', () => this.answer((n) => this.reviews.get(n) ?? []));
    fake.intercept('checks/list-for-ref', () => {
      const sha = /\/commits\/([^/]+)\/check-runs$/.exec(this.lastPath())?.[1];
      const pr = this.fake.pulls.find((p) => this.headSha(p.number) === sha);
      const runs = pr ? (this.checks.get(pr.number) ?? []) : [];
      return { status: 200, body: { total_count: runs.length, check_runs: runs.map((r, i) => this.checkJson(r, i, sha ?? '')) } };
    });
  }

  /**
   * A pull request someone already opened on the upstream (from its default branch, so checks find its head),
   * for tests that only follow one: `companion registry status`, the fee panel.
   */
  opened(number: number, title = `Add validator ${number}`, login = 'octo-operator'): void {
    this.fake.pulls.push({ number, title, body: '', head: `${login}:master`, headRepo: this.fake.upstream, base: 'master', state: 'open' });
  }

  /** A comment by the fee bot (a GitHub App's bot account), exactly as given. */
  botComment(number: number, body: string, login = FEE_BOT): void {
    this.comment(number, body, login, 'Bot');
  }

  comment(number: number, body: string, login: string, type: 'User' | 'Bot' = 'User'): void {
    const id = this.nextId++;
    const list = this.comments.get(number) ?? [];
    list.push({
      ...sampleSchema('issue-comment'),
      id,
      node_id: `IC_${id}`,
      body,
      user: {
        ...sampleSchema('simple-user'),
        login,
        id: 7000 + id,
        type,
        // A GitHub App's bot account links to the app's page.
        html_url: type === 'Bot' ? `${this.fake.webUrl}/apps/${login.replace(/\[bot\]$/, '')}` : `${this.fake.webUrl}/${login}`,
      },
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      html_url: `${this.fake.webUrl}/${this.fake.upstream}/pull/${number}#issuecomment-${id}`,
      url: `${this.fake.apiUrl}/repos/${this.fake.upstream}/issues/comments/${id}`,
      issue_url: `${this.fake.apiUrl}/repos/${this.fake.upstream}/issues/${number}`,
    });
    this.comments.set(number, list);
  }

  /** Replaces the pull request's labels (the registry's bot sets "Payment Status: Requested", then "…: Paid"). */
  setLabels(number: number, names: string[]): void {
    this.labels.set(number, names);
  }

  /** A review; by default the fee bot's automatic Accept Review that follows a detected payment. */
  review(
    number: number,
    state: FakeReviewState = 'APPROVED',
    login = FEE_BOT,
    type: 'User' | 'Bot' = login === FEE_BOT ? 'Bot' : 'User',
  ): void {
    const id = this.nextId++;
    const list = this.reviews.get(number) ?? [];
    list.push({
      ...sampleSchema('pull-request-review'),
      id,
      node_id: `PRR_${id}`,
      user: { ...sampleSchema('simple-user'), login, id: 7000 + id, type },
      body: state === 'APPROVED' && login === FEE_BOT ? 'Payment detected, thank you.' : '',
      state,
      commit_id: this.headSha(number) ?? '0'.repeat(40),
      submitted_at: new Date().toISOString(),
      html_url: `${this.fake.webUrl}/${this.fake.upstream}/pull/${number}#pullrequestreview-${id}`,
      pull_request_url: `${this.fake.apiUrl}/repos/${this.fake.upstream}/pulls/${number}`,
      author_association: 'NONE',
    });
    this.reviews.set(number, list);
  }

  /** Removes every comment (a test that shows one wording after another on the same pull request). */
  clearComments(number: number): void {
    this.comments.delete(number);
  }

  setChecks(number: number, runs: FakeCheckRun[]): void {
    this.checks.set(number, runs);
  }

  merge(number: number): void {
    this.merged.add(number);
    this.setState(number, 'closed');
  }

  close(number: number): void {
    this.setState(number, 'closed');
  }

  private setState(number: number, state: 'open' | 'closed'): void {
    const index = this.fake.pulls.findIndex((p) => p.number === number);
    if (index >= 0) this.fake.pulls[index] = { ...this.fake.pulls[index]!, state };
  }

  private lastPath(): string {
    return this.fake.requests.at(-1)?.path ?? '';
  }

  /** Answers for the pull request numbered in the request's path, or 404. */
  private answer(body: (number: number) => Json | Json[] | undefined): Interception {
    const number = Number(/\/(?:pulls|issues)\/(\d+)(?:\/|$)/.exec(this.lastPath())?.[1]);
    const found = this.fake.pulls.some((p) => p.number === number) ? body(number) : undefined;
    if (found === undefined)
      return { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' } };
    return { status: 200, body: found as Json };
  }

  private headSha(number: number): string | undefined {
    const pr = this.fake.pulls.find((p) => p.number === number);
    if (!pr) return undefined;
    return this.fake.head(pr.headRepo, pr.head.split(':')[1]!);
  }

  private pullJson(number: number): Json {
    const pr = this.fake.pulls.find((p) => p.number === number)!;
    const base = sample('pulls/get', 200);
    const merged = this.merged.has(number);
    const now = new Date().toISOString();
    const [owner, branch] = pr.head.split(':') as [string, string];
    return {
      ...base,
      id: 500000 + number,
      node_id: `PR_${number}`,
      number,
      state: pr.state,
      title: pr.title,
      body: pr.body,
      draft: false,
      merged,
      merged_at: merged ? now : null,
      labels: (this.labels.get(number) ?? []).map((name, i) => ({
        id: 800 + i,
        node_id: `LA_${800 + i}`,
        url: `${this.fake.apiUrl}/repos/${this.fake.upstream}/labels/${encodeURIComponent(name)}`,
        name,
        description: null,
        color: 'ededed',
        default: false,
      })),
      closed_at: pr.state === 'closed' ? now : null,
      url: `${this.fake.apiUrl}/repos/${this.fake.upstream}/pulls/${number}`,
      html_url: `${this.fake.webUrl}/${this.fake.upstream}/pull/${number}`,
      head: {
        ...(base['head'] as Json),
        label: pr.head,
        ref: branch,
        sha: this.headSha(number) ?? '0'.repeat(40),
        user: { ...sampleSchema('simple-user'), login: owner },
      },
      base: { ...(base['base'] as Json), ref: pr.base },
    };
  }

  private checkJson(run: FakeCheckRun, index: number, sha: string): Json {
    const id = 300 + index;
    return {
      ...sampleSchema('check-run'),
      id,
      node_id: `CR_${id}`,
      head_sha: sha,
      name: run.name,
      status: run.status,
      conclusion: run.conclusion,
      html_url: `${this.fake.webUrl}/${this.fake.upstream}/runs/${id}`,
      details_url: `${this.fake.webUrl}/${this.fake.upstream}/runs/${id}`,
    };
  }
}
