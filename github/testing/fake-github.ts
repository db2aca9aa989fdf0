/**
 * A fake GitHub for tests (and later e2e): one loopback HTTP server with the REST API under /api/v3 (as
 * GitHub Enterprise Server lays it out) and the OAuth device flow on its web origin. Every request and
 * every response is checked against GitHub's official OpenAPI description (@octokit/openapi); a mismatch
 * is recorded in `violations` (tests assert it stays empty) and the request is answered 400.
 *
 * It serves a registry repository built from the real corpus (read-only) with real git object ids, forks
 * it for users, and implements the Git Data API, merge-upstream and pull requests. Scenario switches
 * reproduce what GitHub really does: slow forks, bad tokens, rate limits, an existing pull request,
 * ref update conflicts, an upstream that moves, and connections that drop after the work is done.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CORPUS_ROOT } from '../../registry/test-support';
import { GitHttpBackend } from './git-http-backend';
import { GitStore, type TreeItem } from './git-store';
import { findOperation, requestProblems, responseProblems, sample, sampleSchema, type Operation } from './openapi';

type Json = Record<string, unknown>;

export interface FakeUser {
  readonly login: string;
  readonly id: number;
  /** Classic and OAuth tokens report scopes in X-OAuth-Scopes; fine-grained tokens report none. */
  readonly scopes?: string;
}

interface RepoState {
  readonly owner: string;
  readonly name: string;
  readonly id: number;
  readonly defaultBranch: string;
  readonly refs: Map<string, string>;
  readonly parent?: string;
  /** GETs still answered 404 while the fork is "being created". */
  pendingReads: number;
}

export interface PullRequestState {
  readonly number: number;
  readonly title: string;
  readonly body: string;
  /** owner:branch */
  readonly head: string;
  readonly headRepo: string;
  readonly base: string;
  readonly state: 'open' | 'closed';
}

/** What an interceptor may do with a request: answer it itself, or let it run and then drop the connection. */
export type Interception = { status: number; body: Json; headers?: Record<string, string> } | 'drop-after' | 'drop-before' | undefined;

export interface FakeGitHubOptions {
  /** Chains of the corpus to serve (default cosmos and tezos). */
  readonly chains?: readonly string[];
  readonly upstream?: string;
  /** The upstream's .github/PULL_REQUEST_TEMPLATE.md; null for none. */
  readonly pullRequestTemplate?: string | null;
  /** The OAuth app client id the device flow accepts. */
  readonly clientId?: string;
}

export const DEFAULT_TEMPLATE = '## Checklist\n\n- [ ] One chain per pull request\n- [ ] Logo is a 256×256 PNG\n';

const AUTHOR = { name: 'Registry Maintainer', email: 'maintainer@example.invalid', date: '2026-01-01T00:00:00Z' };

function corpusFiles(chains: readonly string[]): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const chain of chains) {
    const dir = join(CORPUS_ROOT, 'blockchains', chain, 'validators');
    files.set(`blockchains/${chain}/validators/list.json`, readFileSync(join(dir, 'list.json')));
    const assets = join(dir, 'assets');
    if (!existsSync(assets)) continue;
    for (const id of readdirSync(assets)) {
      const logo = join(assets, id, 'logo.png');
      if (existsSync(logo)) files.set(`blockchains/${chain}/validators/assets/${id}/logo.png`, readFileSync(logo));
    }
  }
  return files;
}

export class FakeGitHub {
  readonly git = new GitStore();
  readonly repos = new Map<string, RepoState>();
  readonly pulls: PullRequestState[] = [];
  readonly violations: string[] = [];
  /** Every API request: method, operation id and path, in order. */
  readonly requests: { method: string; operation: string; path: string }[] = [];
  readonly upstream: string;
  readonly clientId: string;

  /** Scenario switches. */
  forkDelayReads = 0;
  rateLimitRemaining = 5000;
  rateLimitResetAt = Math.floor(Date.now() / 1000) + 3600;
  /** The fake's clock for rate-limit windows (tests may share a virtual clock with the client). */
  now: () => number = Date.now;
  /** How many requests were answered 403 for the rate limit. */
  rateLimitedAnswers = 0;
  /**
   * Requests without a token have their own, lower limit, as on GitHub (60 an hour per address). Public reads
   * need no token; a write without one is answered 401 by the routes.
   */
  anonymousRateLimit = 60;
  anonymousRateLimitRemaining = 60;
  anonymousRateLimitResetAt = Math.floor(Date.now() / 1000) + 3600;
  /** GETs answered 304 Not Modified to a matching If-None-Match (not counted against any limit, as on GitHub). */
  notModifiedAnswers = 0;
  deviceApproveAfterPolls = 1;
  deviceDeny = false;
  deviceInterval = 0;
  /** Seconds a device code lives; polled later, GitHub answers expired_token. */
  deviceExpiresIn = 900;
  /** How many polls to answer slow_down first; each adds deviceSlowDownStep seconds to the interval, as GitHub adds 5. */
  deviceSlowDowns = 0;
  deviceSlowDownStep = 5;
  /** git over HTTP refuses every token (the API still accepts it): a push fails with 401. */
  gitRefusesTokens = false;
  /** Real git over HTTP on the web origin, once serveGit was called. */
  gitBackend: GitHttpBackend | undefined;

  private readonly tokens = new Map<string, FakeUser>();
  private readonly interceptors = new Map<string, ((count: number) => Interception)[]>();
  private readonly counts = new Map<string, number>();
  private readonly deviceCodes = new Map<string, { polls: number; user: FakeUser; expiresAt: number; interval: number }>();
  /** Every request to the web origin (the device flow): method and path, in order. */
  readonly webRequests: string[] = [];
  /** Polls of the device flow's token endpoint, in order (a cancelled sign-in must stop adding to these). */
  readonly devicePolls: number[] = [];
  private server: Server | undefined;
  private port = 0;
  private nextId = 1000;

  constructor(options: FakeGitHubOptions = {}) {
    this.upstream = options.upstream ?? 'trustwallet/assets';
    this.clientId = options.clientId ?? 'Ov23liFakeClient0001';
    const files = corpusFiles(options.chains ?? ['cosmos', 'tezos']);
    files.set('README.md', Buffer.from('# Assets\n'));
    const template = options.pullRequestTemplate === undefined ? DEFAULT_TEMPLATE : options.pullRequestTemplate;
    if (template !== null) files.set('.github/PULL_REQUEST_TEMPLATE.md', Buffer.from(template));
    const tree = this.git.treeFromFiles(files);
    const commit = this.git.commit(tree, [], 'Initial registry', AUTHOR);
    const [owner, name] = this.upstream.split('/') as [string, string];
    this.repos.set(this.upstream, {
      owner,
      name,
      id: this.nextId++,
      defaultBranch: 'master',
      refs: new Map([['master', commit]]),
      pendingReads: 0,
    });
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api/v3`;
  }

  get webUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The environment that points the companion at this fake. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { COMPANION_GITHUB_API_URL: this.apiUrl, COMPANION_GITHUB_URL: this.webUrl, ...extra };
  }

  /**
   * Serves the repositories over git's smart HTTP protocol at `<webUrl>/OWNER/REPO.git` (the repositories'
   * clone_url), backed by bare repositories under `root`. A push requires Basic auth with a token of the
   * repository's owner, and the pushed branches then exist in the API too.
   */
  serveGit(root: string): GitHttpBackend {
    this.gitBackend = new GitHttpBackend({
      root,
      accepts: (token, repo) => !this.gitRefusesTokens && this.tokens.get(token)?.login === repo.split('/')[0],
      exists: (repo) => (this.repos.get(repo)?.pendingReads ?? 1) === 0,
      onPush: (repo, branches) => {
        const state = this.repos.get(repo);
        for (const [branch, sha] of branches) state?.refs.set(branch, sha);
      },
    });
    return this.gitBackend;
  }

  /** Registers a token (classic by default, with public_repo) and returns it. */
  addToken(user: FakeUser, prefix = 'ghp_'): string {
    const token = `${prefix}${randomBytes(18).toString('hex')}`;
    this.tokens.set(token, { scopes: 'public_repo', ...user });
    return token;
  }

  revoke(token: string): void {
    this.tokens.delete(token);
  }

  /** Runs `handler` on each request of an operation (count starts at 1); what it returns replaces the normal answer. */
  intercept(operationId: string, handler: (count: number) => Interception): void {
    const list = this.interceptors.get(operationId) ?? [];
    list.push(handler);
    this.interceptors.set(operationId, list);
  }

  /** Commits to the upstream's default branch, as another contributor's merged pull request would. */
  pushUpstream(change: (files: Map<string, Buffer>) => void, message = 'Merge another pull request'): string {
    const repo = this.repos.get(this.upstream)!;
    const head = repo.refs.get(repo.defaultBranch)!;
    const commit = this.git.get(head);
    if (commit?.type !== 'commit') throw new Error('bad head');
    const before = this.git.files(commit.tree);
    const after = new Map(before);
    change(after);
    const changes = [...new Set([...before.keys(), ...after.keys()])]
      .filter((p) => !before.get(p)?.equals(after.get(p) ?? Buffer.alloc(0)) || !after.has(p))
      .map((path) => ({ path, sha: after.has(path) ? this.git.blob(after.get(path)!) : null }));
    const tree = this.git.edit(commit.tree, changes);
    const next = this.git.commit(tree, [head], message, { ...AUTHOR, date: new Date().toISOString() });
    repo.refs.set(repo.defaultBranch, next);
    return next;
  }

  /** The files at a repository's branch (for assertions). */
  filesAt(repoName: string, branch: string): Map<string, Buffer> {
    const sha = this.repos.get(repoName)?.refs.get(branch);
    const commit = sha ? this.git.get(sha) : undefined;
    return commit?.type === 'commit' ? this.git.files(commit.tree) : new Map<string, Buffer>();
  }

  head(repoName: string, branch: string): string | undefined {
    return this.repos.get(repoName)?.refs.get(branch);
  }

  /** Commits on a branch that are not on the upstream's default branch. */
  commitsAhead(repoName: string, branch: string): string[] {
    const upstream = this.repos.get(this.upstream)!;
    const base = upstream.refs.get(upstream.defaultBranch)!;
    const out: string[] = [];
    let sha = this.head(repoName, branch);
    while (sha && !this.git.isAncestor(sha, base)) {
      out.push(sha);
      const c = this.git.get(sha);
      sha = c?.type === 'commit' ? c.parents[0] : undefined;
    }
    return out;
  }

  count(operationId: string): number {
    return this.counts.get(operationId) ?? 0;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.violations.push(`fake GitHub crashed: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  // ---- HTTP plumbing ----

  private async readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.webUrl);
    if (this.gitBackend?.matches(url.pathname)) return this.gitBackend.handle(req, res, url);
    const raw = await this.readBody(req);
    if (!url.pathname.startsWith('/api/v3/')) return this.handleWeb(url, req, raw, res);
    const path = url.pathname.slice('/api/v3'.length);
    const method = (req.method ?? 'GET').toUpperCase();
    const op = findOperation(method, path);
    if (!op) {
      this.violations.push(`${method} ${path}: no such operation in the OpenAPI description`);
      return this.sendRaw(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    }
    this.requests.push({ method, operation: op.id, path });
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      this.violations.push(`${method} ${path}: body is not JSON`);
      return this.sendRaw(res, 400, { message: 'Problems parsing JSON', documentation_url: 'https://docs.github.com/rest' });
    }
    const problems = requestProblems(op, url.searchParams, body, raw !== '');
    if (problems.length) {
      this.violations.push(`${method} ${path} (${op.id}): ${problems.join('; ')}`);
      return this.sendRaw(res, 400, { message: `fake GitHub: ${problems.join('; ')}`, documentation_url: 'https://docs.github.com/rest' });
    }
    const count = (this.counts.get(op.id) ?? 0) + 1;
    this.counts.set(op.id, count);

    const token = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const user = token ? this.tokens.get(token) : undefined;
    const headers: Record<string, string> = {};
    if (user?.scopes !== undefined && token && !token.startsWith('github_pat_')) headers['x-oauth-scopes'] = user.scopes;
    if (token && !user)
      return this.send(res, op, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' }, headers);

    const anonymous = token === undefined;
    this.renewRateWindows();
    if ((anonymous ? this.anonymousRateLimitRemaining : this.rateLimitRemaining) <= 0) {
      this.rateLimitedAnswers++;
      return this.send(
        res,
        op,
        403,
        {
          message: anonymous
            ? "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit.)"
            : `API rate limit exceeded for user ID ${user?.id ?? 0}.`,
          documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
        },
        { ...headers, ...this.rateHeaders(anonymous) },
      );
    }
    if (anonymous) this.anonymousRateLimitRemaining--;
    else this.rateLimitRemaining--;

    let drop = false;
    for (const handler of this.interceptors.get(op.id) ?? []) {
      const result = handler(count);
      if (result === 'drop-before') return void res.socket?.destroy();
      if (result === 'drop-after') drop = true;
      else if (result)
        return this.send(res, op, result.status, result.body, { ...headers, ...this.rateHeaders(anonymous), ...result.headers });
    }
    const [status, answer] = this.route(op, url.searchParams, body as Json | undefined, user);
    if (drop) return void res.socket?.destroy();
    if (method === 'GET' && status === 200) {
      // GitHub's ETag differs per identity (Vary: Authorization); a matching If-None-Match gets 304, which costs nothing.
      const etag = `"${createHash('sha256')
        .update(`${token ?? ''}\n${JSON.stringify(answer)}`)
        .digest('hex')
        .slice(0, 40)}"`;
      if (req.headers['if-none-match'] === etag) {
        if (anonymous) this.anonymousRateLimitRemaining++;
        else this.rateLimitRemaining++;
        this.notModifiedAnswers++;
        res.writeHead(304, { ...headers, ...this.rateHeaders(anonymous), etag });
        return void res.end();
      }
      headers['etag'] = etag;
    }
    this.send(res, op, status, answer, { ...headers, ...this.rateHeaders(anonymous) });
  }

  /** A window that has passed starts again full. */
  private renewRateWindows(): void {
    const nowSeconds = Math.floor(this.now() / 1000);
    if (this.rateLimitResetAt <= nowSeconds) {
      this.rateLimitRemaining = 5000;
      this.rateLimitResetAt = nowSeconds + 3600;
    }
    if (this.anonymousRateLimitResetAt <= nowSeconds) {
      this.anonymousRateLimitRemaining = this.anonymousRateLimit;
      this.anonymousRateLimitResetAt = nowSeconds + 3600;
    }
  }

  private rateHeaders(anonymous = false): Record<string, string> {
    return {
      'x-ratelimit-limit': String(anonymous ? this.anonymousRateLimit : 5000),
      'x-ratelimit-remaining': String(Math.max(0, anonymous ? this.anonymousRateLimitRemaining : this.rateLimitRemaining)),
      'x-ratelimit-reset': String(anonymous ? this.anonymousRateLimitResetAt : this.rateLimitResetAt),
      'x-ratelimit-resource': 'core',
    };
  }

  private send(res: ServerResponse, op: Operation, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const problems = responseProblems(op, status, body);
    if (problems.length) this.violations.push(`response ${status} of ${op.id}: ${problems.join('; ')}`);
    this.sendRaw(res, status, body, headers);
  }

  private sendRaw(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(text);
  }

  // ---- the device flow, on the web origin ----

  private handleWeb(url: URL, req: IncomingMessage, raw: string, res: ServerResponse): void {
    const form = (req.headers['content-type'] ?? '').includes('json')
      ? (JSON.parse(raw || '{}') as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(raw));
    const json = (body: Json) => this.sendRaw(res, 200, body);
    this.webRequests.push(`${req.method} ${url.pathname}`);
    if (req.method === 'POST' && url.pathname === '/login/device/code') {
      if (form['client_id'] !== this.clientId)
        return json({ error: 'incorrect_client_credentials', error_description: 'The client_id is not valid.' });
      const deviceCode = randomBytes(20).toString('hex');
      const login = 'octo-operator';
      this.deviceCodes.set(deviceCode, {
        polls: 0,
        user: { login, id: 4242, scopes: String(form['scope'] ?? '').replace(/ /g, ', ') },
        expiresAt: this.now() + this.deviceExpiresIn * 1000,
        interval: this.deviceInterval,
      });
      return json({
        device_code: deviceCode,
        user_code: 'WDJB-MJHT',
        verification_uri: `${this.webUrl}/login/device`,
        expires_in: this.deviceExpiresIn,
        interval: this.deviceInterval,
      });
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      if (form['grant_type'] !== 'urn:ietf:params:oauth:grant-type:device_code') return json({ error: 'unsupported_grant_type' });
      const pending = this.deviceCodes.get(form['device_code'] ?? '');
      if (!pending || form['client_id'] !== this.clientId)
        return json({ error: 'incorrect_device_code', error_description: 'The device_code provided is not valid.' });
      this.devicePolls.push(this.now());
      if (this.now() >= pending.expiresAt) return json({ error: 'expired_token', error_description: 'The device_code has expired.' });
      if (this.deviceDeny) return json({ error: 'access_denied', error_description: 'The authorization request was denied.' });
      if (this.deviceSlowDowns > 0) {
        this.deviceSlowDowns--;
        pending.interval += this.deviceSlowDownStep;
        return json({
          error: 'slow_down',
          error_description: 'Too many requests have been made in the same timeframe.',
          interval: pending.interval,
        });
      }
      pending.polls++;
      if (pending.polls <= this.deviceApproveAfterPolls - 1)
        return json({ error: 'authorization_pending', error_description: 'The authorization request is still pending.' });
      this.deviceCodes.delete(form['device_code']!);
      const token = this.addToken(pending.user, 'gho_');
      return json({ access_token: token, token_type: 'bearer', scope: pending.user.scopes ?? '' });
    }
    this.sendRaw(res, 404, { message: 'Not Found' });
  }

  // ---- the API ----

  private userJson(login: string, id: number): Json {
    return {
      ...sampleSchema('simple-user'),
      login,
      id,
      node_id: `U_${id}`,
      type: 'User',
      url: `${this.apiUrl}/users/${login}`,
      html_url: `${this.webUrl}/${login}`,
    };
  }

  private repoJson(repo: RepoState, operation: 'repos/get' | 'repos/create-fork', status: number): Json {
    const full = `${repo.owner}/${repo.name}`;
    return {
      ...sample(operation, status),
      id: repo.id,
      node_id: `R_${repo.id}`,
      name: repo.name,
      full_name: full,
      owner: this.userJson(repo.owner, repo.owner === 'trustwallet' ? 1 : 4242),
      private: false,
      fork: repo.parent !== undefined,
      html_url: `${this.webUrl}/${full}`,
      clone_url: `${this.webUrl}/${full}.git`,
      url: `${this.apiUrl}/repos/${full}`,
      default_branch: repo.defaultBranch,
    };
  }

  private notFound(): [number, Json] {
    return [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' }];
  }

  private unprocessable(message: string, errors?: Json[]): [number, Json] {
    return [422, { message, documentation_url: 'https://docs.github.com/rest', ...(errors ? { errors } : {}) }];
  }

  private commitJson(repo: string, sha: string): Json | undefined {
    const c = this.git.get(sha);
    if (c?.type !== 'commit') return undefined;
    const who = { name: c.author.name, email: c.author.email, date: c.author.date };
    return {
      sha,
      node_id: `C_${sha}`,
      url: `${this.apiUrl}/repos/${repo}/git/commits/${sha}`,
      html_url: `${this.webUrl}/${repo}/commit/${sha}`,
      author: who,
      committer: who,
      message: c.message,
      tree: { sha: c.tree, url: `${this.apiUrl}/repos/${repo}/git/trees/${c.tree}` },
      parents: c.parents.map((p) => ({
        sha: p,
        url: `${this.apiUrl}/repos/${repo}/git/commits/${p}`,
        html_url: `${this.webUrl}/${repo}/commit/${p}`,
      })),
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    };
  }

  private treeJson(repo: string, sha: string): Json | undefined {
    const t = this.git.get(sha);
    if (t?.type !== 'tree') return undefined;
    return {
      sha,
      url: `${this.apiUrl}/repos/${repo}/git/trees/${sha}`,
      truncated: false,
      tree: t.items.map((i: TreeItem) => {
        const o = this.git.get(i.sha);
        const type = i.mode === '040000' ? 'tree' : 'blob';
        return {
          path: i.name,
          mode: i.mode,
          type,
          sha: i.sha,
          ...(o?.type === 'blob' ? { size: o.data.length } : {}),
          url: `${this.apiUrl}/repos/${repo}/git/${type}s/${i.sha}`,
        };
      }),
    };
  }

  private refJson(repo: string, branch: string, sha: string): Json {
    return {
      ref: `refs/heads/${branch}`,
      node_id: `REF_${sha}`,
      url: `${this.apiUrl}/repos/${repo}/git/refs/heads/${branch}`,
      object: { type: 'commit', sha, url: `${this.apiUrl}/repos/${repo}/git/commits/${sha}` },
    };
  }

  private pullJson(pr: PullRequestState, operation: 'pulls/create' | 'pulls/list'): Json {
    const upstream = this.repos.get(this.upstream)!;
    const headRepo = this.repos.get(pr.headRepo)!;
    const [headOwner, headBranch] = pr.head.split(':') as [string, string];
    const base = operation === 'pulls/create' ? sample('pulls/create', 201) : sampleSchema('pull-request-simple');
    const side = (repo: RepoState, branch: string, login: string) => ({
      ...(base['head'] as Json),
      label: `${login}:${branch}`,
      ref: branch,
      sha: repo.refs.get(branch) ?? '0'.repeat(40),
      user: this.userJson(login, login === 'trustwallet' ? 1 : 4242),
      repo: {
        ...sampleSchema('repository'),
        id: repo.id,
        name: repo.name,
        full_name: `${repo.owner}/${repo.name}`,
        owner: this.userJson(repo.owner, 1),
        default_branch: repo.defaultBranch,
      },
    });
    return {
      ...base,
      id: 500000 + pr.number,
      node_id: `PR_${pr.number}`,
      number: pr.number,
      state: pr.state,
      title: pr.title,
      body: pr.body,
      url: `${this.apiUrl}/repos/${this.upstream}/pulls/${pr.number}`,
      html_url: `${this.webUrl}/${this.upstream}/pull/${pr.number}`,
      user: this.userJson(headOwner, 4242),
      head: side(headRepo, headBranch, headOwner),
      base: side(upstream, pr.base, upstream.owner),
    };
  }

  private route(
    op: Operation,
    query: URLSearchParams,
    body: Json | undefined,
    user: FakeUser | undefined,
  ): [number, Json | Json[] | undefined] {
    const p = op.params;
    if (op.id === 'users/get-authenticated') {
      if (!user) return [401, { message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest' }];
      return [200, { ...sample('users/get-authenticated', 200), ...this.userJson(user.login, user.id), name: user.login, email: null }];
    }
    const full = `${p['owner']}/${p['repo']}`;
    const repo = this.repos.get(full);
    if (op.id === 'repos/create-fork') {
      if (!user) return [401, { message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest' }];
      if (!repo) return this.notFound();
      const forkName = `${user.login}/${repo.name}`;
      let fork = this.repos.get(forkName);
      if (!fork) {
        fork = {
          owner: user.login,
          name: repo.name,
          id: this.nextId++,
          defaultBranch: repo.defaultBranch,
          refs: new Map([[repo.defaultBranch, repo.refs.get(repo.defaultBranch)!]]),
          parent: full,
          pendingReads: this.forkDelayReads,
        };
        this.repos.set(forkName, fork);
      }
      return [202, this.repoJson(fork, 'repos/create-fork', 202)];
    }
    if (!repo) return this.notFound();
    const write = op.method !== 'get';
    if (write && (!user || (repo.owner !== user.login && op.id !== 'pulls/create')))
      return [403, { message: 'Resource not accessible by personal access token', documentation_url: 'https://docs.github.com/rest' }];
    if (repo.pendingReads > 0) {
      repo.pendingReads--;
      return this.notFound();
    }
    switch (op.id) {
      case 'repos/get':
        return [200, this.repoJson(repo, 'repos/get', 200)];
      case 'git/get-ref': {
        const branch = p['ref']!.replace(/^heads\//, '');
        const sha = repo.refs.get(branch);
        return sha ? [200, this.refJson(full, branch, sha)] : this.notFound();
      }
      case 'git/get-commit': {
        const json = this.commitJson(full, p['commit_sha']!);
        return json ? [200, json] : this.notFound();
      }
      case 'git/get-tree': {
        const json = this.treeJson(full, p['tree_sha']!);
        return json ? [200, json] : this.notFound();
      }
      case 'git/get-blob': {
        const b = this.git.get(p['file_sha']!);
        if (b?.type !== 'blob') return this.notFound();
        const content = b.data.toString('base64').replace(/.{60}/g, '$&\n');
        return [
          200,
          {
            content,
            encoding: 'base64',
            url: `${this.apiUrl}/repos/${full}/git/blobs/${p['file_sha']}`,
            sha: p['file_sha'],
            size: b.data.length,
            node_id: `B_${p['file_sha']}`,
          },
        ];
      }
      case 'git/create-blob': {
        const data = Buffer.from(String(body!['content']), body!['encoding'] === 'base64' ? 'base64' : 'utf8');
        const sha = this.git.blob(data);
        return [201, { url: `${this.apiUrl}/repos/${full}/git/blobs/${sha}`, sha }];
      }
      case 'git/create-tree': {
        const entries = body!['tree'] as { path: string; mode: TreeItem['mode']; sha?: string | null; content?: string }[];
        const baseTree = body!['base_tree'] as string | undefined;
        if (baseTree && this.git.get(baseTree)?.type !== 'tree') return this.unprocessable('Invalid tree info');
        for (const e of entries)
          if (e.sha && !this.git.get(e.sha))
            return this.unprocessable('Invalid tree info', [
              { resource: 'Tree', code: 'invalid', message: `${e.sha} is not a valid blob` },
            ]);
        const sha = this.git.edit(
          baseTree,
          entries.map((e) => ({
            path: e.path,
            mode: e.mode,
            sha: e.content !== undefined ? this.git.blob(Buffer.from(e.content)) : (e.sha ?? null),
          })),
        );
        return [201, this.treeJson(full, sha)!];
      }
      case 'git/create-commit': {
        const parents = (body!['parents'] as string[] | undefined) ?? [];
        const tree = body!['tree'] as string;
        if (this.git.get(tree)?.type !== 'tree' || parents.some((x) => this.git.get(x)?.type !== 'commit'))
          return this.unprocessable('Tree SHA does not exist');
        const sha = this.git.commit(tree, parents, String(body!['message']), {
          name: user!.login,
          email: `${user!.id}+${user!.login}@users.noreply.github.com`,
          date: new Date().toISOString(),
        });
        return [201, this.commitJson(full, sha)!];
      }
      case 'git/create-ref': {
        const ref = String(body!['ref']);
        const sha = String(body!['sha']);
        if (!/^refs\/heads\/.+/.test(ref)) return this.unprocessable('Reference name must start with refs/ and have at least two slashes.');
        const branch = ref.slice('refs/heads/'.length);
        if (repo.refs.has(branch)) return this.unprocessable('Reference already exists');
        if (this.git.get(sha)?.type !== 'commit') return this.unprocessable('Object does not exist');
        repo.refs.set(branch, sha);
        return [201, this.refJson(full, branch, sha)];
      }
      case 'git/update-ref': {
        const branch = p['ref']!.replace(/^heads\//, '');
        const current = repo.refs.get(branch);
        const sha = String(body!['sha']);
        if (!current) return this.unprocessable('Reference does not exist');
        if (this.git.get(sha)?.type !== 'commit') return this.unprocessable('Object does not exist');
        if (!body!['force'] && !this.git.isAncestor(current, sha)) return this.unprocessable('Update is not a fast forward');
        repo.refs.set(branch, sha);
        return [200, this.refJson(full, branch, sha)];
      }
      case 'repos/merge-upstream': {
        const branch = String(body!['branch']);
        const parent = repo.parent ? this.repos.get(repo.parent) : undefined;
        const mine = repo.refs.get(branch);
        const theirs = parent?.refs.get(parent.defaultBranch);
        if (!parent || !mine || !theirs) return this.unprocessable('There was a problem updating the branch');
        if (mine === theirs || this.git.isAncestor(theirs, mine))
          return [
            200,
            {
              message: 'This branch is not behind the upstream',
              merge_type: 'none',
              base_branch: `${parent.owner}:${parent.defaultBranch}`,
            },
          ];
        if (!this.git.isAncestor(mine, theirs))
          return [409, { message: 'merge conflict', documentation_url: 'https://docs.github.com/rest' }];
        repo.refs.set(branch, theirs);
        return [
          200,
          {
            message: `Successfully fetched and fast-forwarded from upstream ${parent.owner}:${parent.defaultBranch}.`,
            merge_type: 'fast-forward',
            base_branch: `${parent.owner}:${parent.defaultBranch}`,
          },
        ];
      }
      case 'pulls/list': {
        const head = query.get('head');
        const state = query.get('state') ?? 'open';
        const found = this.pulls.filter((pr) => (!head || pr.head === head) && (state === 'all' || pr.state === state));
        return [200, found.map((pr) => this.pullJson(pr, 'pulls/list'))];
      }
      case 'pulls/create': {
        const head = String(body!['head']);
        const [owner, branch] = head.split(':') as [string, string | undefined];
        const headRepo = [...this.repos.values()].find((r) => r.owner === owner && (r.parent === full || `${r.owner}/${r.name}` === full));
        if (!branch || !headRepo?.refs.has(branch))
          return this.unprocessable('Validation Failed', [{ resource: 'PullRequest', field: 'head', code: 'invalid' }]);
        if (this.pulls.some((pr) => pr.head === head && pr.state === 'open'))
          return this.unprocessable('Validation Failed', [
            { resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${head}.` },
          ]);
        if (headRepo.refs.get(branch) === repo.refs.get(String(body!['base'])))
          return this.unprocessable('Validation Failed', [
            { resource: 'PullRequest', code: 'custom', message: `No commits between ${String(body!['base'])} and ${head}` },
          ]);
        const pr: PullRequestState = {
          number: this.pulls.length + 1,
          title: String(body!['title']),
          body: typeof body!['body'] === 'string' ? body!['body'] : '',
          head,
          headRepo: `${headRepo.owner}/${headRepo.name}`,
          base: String(body!['base']),
          state: 'open',
        };
        this.pulls.push(pr);
        return [201, this.pullJson(pr, 'pulls/create')];
      }
      default:
        this.violations.push(`the fake does not implement ${op.id}`);
        return [501, { message: `fake GitHub does not implement ${op.id}`, documentation_url: 'https://docs.github.com/rest' }];
    }
  }
}
