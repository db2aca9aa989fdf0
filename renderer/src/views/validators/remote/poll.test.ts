import { describe, expect, it } from 'vitest';
import type { PullRequestStatus } from '../../../../../domain/ipc/github-channels';
import { FIRST_POLL_MS, MAX_POLL_MS, pollDelay, statusFingerprint } from './poll';

const NOW = 1_800_000_000_000;

function status(extra: Partial<PullRequestStatus> = {}): PullRequestStatus {
  return {
    url: 'https://github.com/trustwallet/assets/pull/1',
    number: 1,
    title: 'Add X validator to Cosmos Hub',
    state: 'open',
    draft: false,
    mergedAt: null,
    closedAt: null,
    checks: { available: true, runs: [] },
    comments: [],
    labels: [],
    reviews: [],
    fee: {
      request: null,
      unreadable: null,
      addressesDiffer: false,
      memoMismatch: false,
      reminders: 0,
      paymentDetected: false,
      paymentEvidence: [],
      changesRequested: false,
      checks: 'none',
      stage: 'waiting-for-bot',
      warnings: [],
    },
    rateLimit: { remaining: 4000, resetAt: NOW + 3_600_000 },
    fetchedAt: NOW,
    ...extra,
  };
}

describe('pollDelay', () => {
  it('doubles while nothing changes, up to five minutes', () => {
    const delays = [0, 1, 2, 3, 4, 5, 12].map((unchanged) => pollDelay({ status: status(), unchanged, failures: 0, now: NOW }));
    expect(delays).toEqual([FIRST_POLL_MS, 30_000, 60_000, 120_000, 240_000, MAX_POLL_MS, MAX_POLL_MS]);
  });

  it('backs off after failures the same way', () => {
    expect(pollDelay({ status: undefined, unchanged: 0, failures: 3, now: NOW })).toBe(120_000);
  });

  it('waits for the rate limit to reset when it is nearly used up', () => {
    const resetAt = NOW + 20 * 60_000;
    expect(pollDelay({ status: status({ rateLimit: { remaining: 10, resetAt } }), unchanged: 0, failures: 0, now: NOW })).toBe(
      resetAt - NOW + 1000,
    );
    expect(pollDelay({ status: status({ rateLimit: { remaining: 4000, resetAt } }), unchanged: 0, failures: 0, now: NOW })).toBe(
      FIRST_POLL_MS,
    );
  });

  it('stops once the pull request is merged or closed', () => {
    expect(pollDelay({ status: status({ state: 'merged' }), unchanged: 0, failures: 0, now: NOW })).toBe(false);
    expect(pollDelay({ status: status({ state: 'closed' }), unchanged: 0, failures: 0, now: NOW })).toBe(false);
  });
});

describe('statusFingerprint', () => {
  it('changes with a new comment or a check result, not with the time of reading', () => {
    const a = status();
    expect(statusFingerprint({ ...a, fetchedAt: NOW + 1, rateLimit: { remaining: 1, resetAt: 0 } })).toBe(statusFingerprint(a));
    const comment = { id: 1, author: 'merge-fee-bot[bot]', bot: true, authorType: 'Bot', body: 'Fee', createdAt: '', url: '' };
    expect(statusFingerprint({ ...a, comments: [comment] })).not.toBe(statusFingerprint(a));
    // The bot's Accept Review and its "Paid" label are news too.
    expect(statusFingerprint({ ...a, labels: ['Payment Status: Paid'] })).not.toBe(statusFingerprint(a));
    const review = { author: 'merge-fee-bot[bot]', authorType: 'Bot', state: 'APPROVED', submittedAt: null };
    expect(statusFingerprint({ ...a, reviews: [review] })).not.toBe(statusFingerprint(a));
    const run = { name: 'Check', status: 'completed', conclusion: 'success', url: null };
    expect(statusFingerprint({ ...a, checks: { available: true, runs: [run] } })).not.toBe(
      statusFingerprint({ ...a, checks: { available: true, runs: [{ ...run, conclusion: 'failure' }] } }),
    );
  });
});
