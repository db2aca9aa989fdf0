/**
 * GitHub's conditional requests: a GET answered with an ETag is kept here, and the next GET of the same URL
 * by the same identity sends `If-None-Match`. GitHub then answers 304 Not Modified, which does not count
 * against the rate limit, and the kept answer is used again. That is what lets an operator who is not
 * signed in (60 requests an hour) move back and forth in the wizard without running out.
 *
 * Bounded in entries and in bytes, least recently used first out. Keys hold the API origin, the identity
 * (a hash of the token, never the token) and the URL, so an answer for one origin or account never stands
 * in for another. Kept in memory only.
 */
import { createHash } from 'node:crypto';

export interface CachedAnswer {
  readonly etag: string;
  readonly status: number;
  readonly url: string;
  readonly headers: Record<string, string | number | undefined>;
  readonly data: unknown;
}

/** A rough size of what an answer holds (its JSON), so a few large blobs cannot grow the cache without bound. */
function sizeOf(answer: CachedAnswer): number {
  try {
    return JSON.stringify(answer.data)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export class ConditionalCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; size: number }>();
  private bytes = 0;

  constructor(
    readonly maxEntries = 512,
    readonly maxBytes = 48 * 1024 * 1024,
  ) {}

  /** The key of one URL read by one identity on one API origin. */
  static keyOf(url: string, token: string | undefined): string {
    const who = token ? createHash('sha256').update(token).digest('hex').slice(0, 16) : 'anonymous';
    return `${who} ${url}`;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedAnswer | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.answer;
  }

  set(key: string, answer: CachedAnswer): void {
    this.delete(key);
    const size = sizeOf(answer);
    if (size > this.maxBytes / 4) return;
    this.entries.set(key, { answer, size });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.delete(key);
    this.bytes -= found.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
