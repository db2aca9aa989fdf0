/**
 * The REST client: Octokit against the configured API URL, with GitHub's rate limits honoured
 * (`x-ratelimit-remaining`/`-reset`, `retry-after`, 403/429) and every failure turned into a GitHubError
 * that says what to do. Requests are sent one at a time, as GitHub's best practices ask.
 */
import { createHash } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { APP_VERSION } from '../platform/app-version';
import { classicTokenUrl, GitHubError } from './errors';
import type { GitHubEndpoints } from './config';
import { ConditionalCache } from './conditional-cache';

export interface ClientOptions {
  readonly endpoints: GitHubEndpoints;
  /** Omitted: unauthenticated (public reads only, 60 requests an hour). */
  readonly token?: string;
  /** The longest wait for a rate limit to reset before giving up with its reset time (default 60 s). */
  readonly maxRateLimitWaitMs?: number;
  /** Injectable for tests. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
  /**
   * Where clients made one after another (the app makes one per call, the pull request page polls) keep
   * what GitHub said about the rate limit, so a later client sends nothing before the limit resets either.
   */
  readonly rateLimits?: RateLimitMemory;
  /**
   * GETs answered with an ETag, asked again with If-None-Match (GitHub's 304 costs no quota). A long-running
   * host keeps one for its life; default: one per client.
   */
  readonly conditional?: ConditionalCache;
}

/** Until when GitHub asked us to send nothing, per API and identity (a hash of the token, never the token). */
export class RateLimitMemory {
  private readonly blocks = new Map<string, { until: number; secondary: boolean }>();

  static keyOf(apiUrl: string, token: string | undefined): string {
    return `${apiUrl} ${token ? createHash('sha256').update(token).digest('hex').slice(0, 16) : 'anonymous'}`;
  }

  get(key: string): { until: number; secondary: boolean } | undefined {
    return this.blocks.get(key);
  }

  set(key: string, until: number, secondary: boolean): void {
    if (until > 0) this.blocks.set(key, { until, secondary });
    else this.blocks.delete(key);
  }
}

export type GitHubClient = Octokit;

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface HttpFailure {
  status: number;
  message: string;
  response?: { headers: Record<string, string | number | undefined>; data?: unknown };
}

function isHttpFailure(error: unknown): error is HttpFailure {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/** A failure GitHub answered (as opposed to a dropped connection, which has no response). */
export function statusOf(error: unknown): number | undefined {
  return isHttpFailure(error) && error.response ? error.status : undefined;
}

/** GitHub's own message of a failure (`message` and `errors[].message` of the body), for matching and display. */
export function githubMessage(error: unknown): string {
  if (!isHttpFailure(error)) return error instanceof Error ? error.message : String(error);
  const data = error.response?.data as { message?: unknown; errors?: { message?: unknown }[] } | undefined;
  const parts = [typeof data?.message === 'string' ? data.message : error.message];
  for (const e of data?.errors ?? []) if (typeof e.message === 'string') parts.push(e.message);
  return parts.join(': ');
}

function header(error: HttpFailure, name: string): string | undefined {
  const value = error.response?.headers[name];
  return value === undefined ? undefined : String(value);
}

/** A reset time as the person reads their own clock: "14:32", or "14:32 on 3 Dec" when it is not today. */
export function localClock(ms: number, now: number = Date.now()): string {
  const at = new Date(ms);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === new Date(now).toDateString()
    ? time
    : `${time} on ${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}`;
}

/** The one sentence a reached rate limit gets: when it resets, in local time, and (without a token) that signing in raises it. */
export function rateLimitSentence(resetAt: number | undefined, options: { signedIn: boolean; secondary: boolean; now?: number }): string {
  const when = resetAt ? ` until ${localClock(resetAt, options.now)} (your local time)` : ' for now';
  if (options.secondary)
    return `GitHub asked the app to slow down${when}. Wait until then and try again; nothing was lost, a retry resumes where this stopped.`;
  return options.signedIn
    ? `GitHub's hourly request limit for your account is used up${when}. Wait until then and try again; nothing was lost, a retry resumes where this stopped.`
    : `GitHub's limit for reading without signing in (60 requests an hour) is used up${when}. Signing in to GitHub raises it to 5,000 an hour.`;
}

/** A connection that never got an answer, in plain words: GitHub cannot be reached from here right now. */
export function unreachable(apiUrl: string, error: unknown): GitHubError {
  const cause = (error as { cause?: { code?: unknown; cause?: { code?: unknown } } } | undefined)?.cause;
  const code = [cause?.code, cause?.cause?.code].find((c): c is string => typeof c === 'string');
  return new GitHubError(
    'network',
    `GitHub cannot be reached from this computer right now (${new URL(apiUrl).host}${code ? `: ${code}` : ''}). ` +
      'Check the internet connection and try again; nothing was lost, a retry resumes where this stopped.',
  );
}

/**
 * One request hook does rate limits, conditional requests and error wording together (over 80 lines): each
 * attempt must see the same limit memory, the same cached answer and the same failure, in that order.
 */
export function createClient(options: ClientOptions): GitHubClient {
  const { endpoints, token } = options;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const maxWait = options.maxRateLimitWaitMs ?? 60_000;
  const octokit = new Octokit({
    baseUrl: endpoints.apiUrl,
    userAgent: `gateway-companion/${APP_VERSION}`,
    ...(token ? { auth: token } : {}),
    // Octokit logs deprecations and warnings to the console by default; a CLI and an app print their own messages.
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });

  /** The limit as GitHub last reported it: no request is sent while it is used up, or while GitHub said to wait. */
  const memory = options.rateLimits ?? new RateLimitMemory();
  const key = RateLimitMemory.keyOf(endpoints.apiUrl, token);

  const conditional = options.conditional ?? new ConditionalCache();
  const rateLimited = (resetAt: number | undefined, secondary: boolean) =>
    new GitHubError('rate-limited', rateLimitSentence(resetAt, { signedIn: Boolean(token), secondary, now: now() }), resetAt);

  async function waitOrRefuse(until: number, secondary: boolean): Promise<void> {
    const wait = until - now();
    if (wait <= 0) return;
    if (wait > maxWait) throw rateLimited(until, secondary);
    await sleep(wait);
  }

  const remember = (headers: Record<string, string | number | undefined>) => {
    const remaining = headers['x-ratelimit-remaining'];
    const reset = Number(headers['x-ratelimit-reset']);
    memory.set(key, String(remaining) === '0' && Number.isFinite(reset) ? reset * 1000 : 0, false);
  };

  octokit.hook.wrap('request', async (request, requestOptions) => {
    const { method, url } = octokit.request.endpoint.parse(requestOptions);
    // The media type is part of the answer (JSON or raw bytes), so it is part of the key.
    const cacheKey = method === 'GET' ? ConditionalCache.keyOf(`${url} ${String(requestOptions.headers.accept ?? '')}`, token) : undefined;
    for (let attempt = 0; ; attempt++) {
      const blocked = memory.get(key);
      if (blocked && blocked.until > now()) await waitOrRefuse(blocked.until, blocked.secondary);
      const cached = cacheKey ? conditional.get(cacheKey) : undefined;
      // Set on the options object itself: the hooks inside this one were bound to it, and ignore a copy.
      if (cached) requestOptions.headers['if-none-match'] = cached.etag;
      else delete requestOptions.headers['if-none-match'];
      try {
        const response = await request(requestOptions);
        remember(response.headers);
        const etag = response.headers.etag;
        if (cacheKey && typeof etag === 'string' && response.status === 200)
          conditional.set(cacheKey, {
            etag,
            status: response.status,
            url: response.url,
            headers: { ...response.headers },
            data: response.data,
          });
        return response;
      } catch (error) {
        if (!isHttpFailure(error) || !error.response) throw unreachable(endpoints.apiUrl, error);
        const { status } = error;
        if (status === 304 && cached) {
          // Not modified: the kept answer is still GitHub's answer, and this one cost no quota.
          remember(error.response.headers);
          return {
            status: cached.status,
            url: cached.url,
            headers: { ...cached.headers, ...error.response.headers },
            data: cached.data,
          } as Awaited<ReturnType<typeof request>>;
        }
        const retryAfter = Number(header(error, 'retry-after'));
        const remaining = header(error, 'x-ratelimit-remaining');
        const reset = Number(header(error, 'x-ratelimit-reset'));
        const message = githubMessage(error);
        const limited =
          status === 429 || (status === 403 && (remaining === '0' || Number.isFinite(retryAfter) || /rate limit/i.test(message)));
        if (limited) {
          const secondary = remaining !== '0';
          const until = Number.isFinite(retryAfter)
            ? now() + retryAfter * 1000
            : remaining === '0' && Number.isFinite(reset)
              ? reset * 1000
              : now() + 60_000;
          // Remembered even when this call gives up: the next one (a poll, a retry) must not ask before then.
          memory.set(key, until, secondary);
          if (attempt >= 2) throw rateLimited(until, secondary);
          await waitOrRefuse(until, secondary);
          continue;
        }
        if (status === 401)
          throw new GitHubError(
            'bad-token',
            `GitHub refused the token (401 ${message}): it is wrong, expired or revoked. Sign in again (companion github login), or create a classic token with the public_repo scope: ${classicTokenUrl(endpoints.webUrl)}.`,
          );
        throw error;
      }
    }
  });
  return octokit;
}
