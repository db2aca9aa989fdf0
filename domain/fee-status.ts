/**
 * Who may ask for the registry's fee, and where a pull request stands after it is opened.
 *
 * Trust rule: a fee request counts only from a comment whose author is the registry's bot account, login
 * `merge-fee-bot[bot]` AND account type `Bot` (a GitHub App's account; no person can register a login
 * ending in "[bot]"). Anyone else's comment that asks for payment or holds an address is a warning: "not
 * from the registry's bot: do not pay". A person's account named like the bot is an impersonation.
 *
 * Status comes from the pull request's state, its labels ("Payment Status: Requested/Paid", "FeePayment:
 * Requested/Paid"), its reviews (the bot's automatic Accept Review when payment is detected, a maintainer's
 * "changes requested") and its checks. Pure: no I/O.
 */
import { addressesIn, readFeeRequest, type FeeRequest } from './fee-request';

export const FEE_BOT_LOGIN = 'merge-fee-bot[bot]';

export interface CommentInput {
  readonly id: number;
  readonly author: string;
  /** GitHub's account type: "User", "Bot", "Organization"… */
  readonly authorType: string;
  readonly body: string;
  readonly createdAt: string;
  readonly url: string;
}

export interface ReviewInput {
  readonly author: string;
  readonly authorType: string;
  /** APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED, PENDING. */
  readonly state: string;
  readonly submittedAt: string | null;
}

export interface StatusInput {
  readonly number: number;
  readonly state: 'open' | 'closed' | 'merged';
  readonly labels: readonly string[];
  readonly reviews: readonly ReviewInput[];
  readonly comments: readonly CommentInput[];
  /** null: the checks could not be listed. */
  readonly checks: readonly { status: string; conclusion: string | null }[] | null;
}

export type Trust = 'registry-bot' | 'look-alike' | 'other';

export interface FeeWarning {
  readonly commentId: number;
  readonly author: string;
  /** look-alike: a person's account named like the bot (an impersonation). */
  readonly trust: Exclude<Trust, 'registry-bot'>;
  readonly addresses: readonly string[];
  readonly url: string;
}

export type ChecksState = 'passing' | 'failing' | 'running' | 'none' | 'unknown';

export type Stage = 'merged' | 'closed' | 'changes-requested' | 'payment-detected' | 'reminder-sent' | 'fee-requested' | 'waiting-for-bot';

export interface FeeOverview {
  /** The bot's latest readable request (a reminder repeats the first), with the comment it is in. */
  readonly request: (FeeRequest & { readonly commentId: number; readonly url: string; readonly createdAt: string }) | null;
  /** The bot asked for payment but the app could not read it safely: read it on GitHub. */
  readonly unreadable: string | null;
  /** The bot's comments name more than one address: ask on the pull request before paying. */
  readonly addressesDiffer: boolean;
  /** The memo is not the pull request's number, which the bot has always used. */
  readonly memoMismatch: boolean;
  readonly reminders: number;
  readonly paymentDetected: boolean;
  /** How the payment was seen: the bot's Accept Review, a "Paid" label, or both. */
  readonly paymentEvidence: readonly ('review' | 'label')[];
  readonly changesRequested: boolean;
  readonly checks: ChecksState;
  readonly stage: Stage;
  readonly warnings: readonly FeeWarning[];
}

/** The registry's bot is the App account with exactly this login; anything else is not the registry. */
export function trustOf(author: string, authorType: string): Trust {
  if (author === FEE_BOT_LOGIN && authorType === 'Bot') return 'registry-bot';
  return looksLikeTheBot(author) ? 'look-alike' : 'other';
}

/** "merge-fee-bot", "merge_fee_b0t", "mergefeebot-support": named to be taken for the registry's bot. */
function looksLikeTheBot(login: string): boolean {
  const plain = login
    .toLowerCase()
    .replace(/0/g, 'o')
    .replace(/[^a-z]/g, '');
  return plain.includes('mergefee') || plain.includes('feebot');
}

const PAID_LABEL = /^(?:payment status|feepayment)\s*:\s*paid$/i;
const REQUESTED_LABEL = /^(?:payment status|feepayment)\s*:\s*requested$/i;

function checksState(checks: StatusInput['checks']): ChecksState {
  if (checks === null) return 'unknown';
  if (checks.length === 0) return 'none';
  if (checks.some((c) => c.status === 'completed' && !['success', 'neutral', 'skipped'].includes(c.conclusion ?? ''))) return 'failing';
  if (checks.some((c) => c.status !== 'completed')) return 'running';
  return 'passing';
}

/** Each reviewer's latest say that counts (comments neither approve nor request changes). */
function latestReviews(reviews: readonly ReviewInput[]): ReviewInput[] {
  const byAuthor = new Map<string, ReviewInput>();
  for (const r of reviews) if (['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED'].includes(r.state)) byAuthor.set(r.author, r);
  return [...byAuthor.values()];
}

/** Everything the fee panel and `companion registry status` show, from what GitHub says about the pull request. */
export function feeOverview(input: StatusInput): FeeOverview {
  let request: FeeOverview['request'] = null;
  let unreadable: string | null = null;
  let reminders = 0;
  const addresses = new Set<string>();
  const warnings: FeeWarning[] = [];
  for (const c of input.comments) {
    const trust = trustOf(c.author, c.authorType);
    const reading = readFeeRequest(c.body);
    if (trust === 'registry-bot') {
      if (reading.kind === 'request') {
        request = { ...reading.request, commentId: c.id, url: c.url, createdAt: c.createdAt };
        addresses.add(reading.request.address);
        if (reading.request.reminder) reminders++;
        unreadable = null;
      } else if (reading.kind === 'unreadable' && !request) unreadable = reading.reason;
      continue;
    }
    const found = addressesIn(c.body);
    if (reading.kind !== 'none' || found.length > 0 || trust === 'look-alike')
      warnings.push({ commentId: c.id, author: c.author, trust, addresses: found, url: c.url });
  }

  const latest = latestReviews(input.reviews);
  const botApproved = latest.some((r) => r.state === 'APPROVED' && trustOf(r.author, r.authorType) === 'registry-bot');
  const paidLabel = input.labels.some((l) => PAID_LABEL.test(l.trim()));
  const paymentEvidence: ('review' | 'label')[] = [
    ...(botApproved ? (['review'] as const) : []),
    ...(paidLabel ? (['label'] as const) : []),
  ];
  const changesRequested = latest.some((r) => r.state === 'CHANGES_REQUESTED');
  const requestedLabel = input.labels.some((l) => REQUESTED_LABEL.test(l.trim()));
  const paymentDetected = paymentEvidence.length > 0;

  const stage: Stage =
    input.state === 'merged'
      ? 'merged'
      : input.state === 'closed'
        ? 'closed'
        : changesRequested
          ? 'changes-requested'
          : paymentDetected
            ? 'payment-detected'
            : reminders > 0
              ? 'reminder-sent'
              : request || unreadable || requestedLabel
                ? 'fee-requested'
                : 'waiting-for-bot';

  return {
    request,
    unreadable: request ? null : unreadable,
    addressesDiffer: addresses.size > 1,
    memoMismatch: request?.memo != null && request.memo !== String(input.number),
    reminders,
    paymentDetected,
    paymentEvidence,
    changesRequested,
    checks: checksState(input.checks),
    stage,
    warnings,
  };
}

/** One plain sentence per stage, the same in the app and the CLI. */
export const STAGE_WORDS: Readonly<Record<Stage, string>> = {
  merged: 'Merged: the entry is in the registry.',
  closed: 'Closed without merging. Do not pay for a closed pull request.',
  'changes-requested': 'A reviewer asked for changes: read their comments on the pull request.',
  'payment-detected': 'Payment detected: the registry’s bot approved the pull request. A maintainer merges it by hand.',
  'reminder-sent': 'Fee requested, and the registry’s bot has sent a reminder: it has not seen a payment yet.',
  'fee-requested': 'Fee requested by the registry’s bot; no payment seen yet.',
  'waiting-for-bot': 'Waiting for the registry’s bot to state the fee (usually within a few minutes).',
};

export const CHECKS_WORDS: Readonly<Record<ChecksState, string>> = {
  passing: 'All checks succeeded.',
  failing: 'Checks failed: the registry will not merge until they pass.',
  running: 'Checks are running.',
  none: 'The checks have not started yet.',
  unknown: 'GitHub did not list the checks; see them on the pull request’s page.',
};
