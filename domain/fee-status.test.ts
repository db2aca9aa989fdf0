import { describe, expect, it } from 'vitest';
import { ADDRESSES, BOT_WORDINGS, IMPERSONATIONS } from '../github/testing/fee-bot-wordings';
import { FEE_BOT_LOGIN, feeOverview, trustOf, type CommentInput, type ReviewInput, type StatusInput } from './fee-status';

const PR = 4242;
let nextId = 1;
const comment = (author: string, authorType: string, body: string): CommentInput => ({
  id: nextId++,
  author,
  authorType,
  body,
  createdAt: '2025-07-12T10:00:00Z',
  url: `https://github.example/pull/${PR}#c`,
});
const bot = (body: string) => comment(FEE_BOT_LOGIN, 'Bot', body);
const review = (author: string, authorType: string, state: string): ReviewInput => ({ author, authorType, state, submittedAt: null });
const wording = (id: string) => BOT_WORDINGS.find((w) => w.id === id)!.body(PR, 'octo-operator');

const base: StatusInput = { number: PR, state: 'open', labels: [], reviews: [], comments: [], checks: [] };

describe('trustOf: only the bot account counts', () => {
  it.each([
    [FEE_BOT_LOGIN, 'Bot', 'registry-bot'],
    [FEE_BOT_LOGIN, 'User', 'look-alike'],
    ['merge-fee-bot', 'User', 'look-alike'],
    ['merge_fee_b0t', 'User', 'look-alike'],
    ['mergefee-support', 'User', 'look-alike'],
    ['merge-fee-bot[bot]x', 'Bot', 'look-alike'],
    ['fee-helper[bot]', 'Bot', 'other'],
    ['octo-operator', 'User', 'other'],
  ] as const)('%s (%s) → %s', (login, type, trust) => {
    expect(trustOf(login, type)).toBe(trust);
  });
});

describe('feeOverview', () => {
  it('waits for the bot while nothing is said', () => {
    expect(feeOverview(base)).toMatchObject({ stage: 'waiting-for-bot', request: null, checks: 'none', warnings: [] });
  });

  it.each(BOT_WORDINGS.map((w) => [w.id, w] as const))('takes the request from the bot’s %s comment', (_id, w) => {
    const overview = feeOverview({ ...base, comments: [bot(w.body(PR, 'octo-operator'))] });
    expect(overview.request).toMatchObject({ address: w.expected.address, amount: w.expected.amount });
    expect(overview.stage).toBe(w.expected.reminder ? 'reminder-sent' : 'fee-requested');
    expect(overview.memoMismatch).toBe(false);
  });

  it.each(IMPERSONATIONS.map((i) => [i.id, i] as const))('never takes a request from %s, and warns', (_id, imp) => {
    const overview = feeOverview({ ...base, comments: [comment(imp.author, imp.authorType, imp.body(PR, 'octo-operator'))] });
    expect(overview.request).toBeNull();
    expect(overview.stage).toBe('waiting-for-bot');
    expect(overview.warnings).toEqual([expect.objectContaining({ author: imp.author, trust: imp.trust })]);
    // The address it wants paid comes first (a copy may keep the bot's QR link further down, as in the registry's issue 29188).
    expect(overview.warnings[0]?.addresses[0]).toBe(imp.address);
  });

  it('keeps the bot’s request next to a copy with another address, and warns about the copy', () => {
    const [imp] = IMPERSONATIONS;
    const overview = feeOverview({
      ...base,
      comments: [bot(wording('bep20-first-2024')), comment(imp!.author, imp!.authorType, imp!.body(PR, 'octo-operator'))],
    });
    expect(overview.request?.address).toBe(ADDRESSES.registryBep20);
    expect(overview.warnings).toHaveLength(1);
  });

  it('a look-alike account is warned about even when its comment asks for nothing', () => {
    const overview = feeOverview({ ...base, comments: [comment('merge-fee-bot', 'User', 'Hello, I can help with the review.')] });
    expect(overview.warnings).toEqual([expect.objectContaining({ trust: 'look-alike', addresses: [] })]);
  });

  it('ordinary comments without payment words or addresses are not warnings', () => {
    expect(feeOverview({ ...base, comments: [comment('maintainer', 'User', 'Please make the logo square.')] }).warnings).toEqual([]);
  });

  it('counts reminders and notices bot comments that name different addresses', () => {
    const overview = feeOverview({ ...base, comments: [bot(wording('bep20-first-2024')), bot(wording('bep20-reminder-2025'))] });
    expect(overview).toMatchObject({ stage: 'reminder-sent', reminders: 1, addressesDiffer: true });
    expect(overview.request?.reminder).toBe(true);
  });

  it('flags a memo that is not the pull request’s number', () => {
    const body = `Please pay **500 TWT** with the memo **99** to the address \`${ADDRESSES.registryBep2}\`.`;
    expect(feeOverview({ ...base, comments: [bot(body)] }).memoMismatch).toBe(true);
  });

  it('says so when the bot’s own comment cannot be read safely', () => {
    const overview = feeOverview({ ...base, comments: [bot('Please pay **500 TWT** to the address `0x1234`.')] });
    expect(overview).toMatchObject({ stage: 'fee-requested', request: null, unreadable: expect.stringContaining('address') as string });
  });

  it('payment detected: the bot’s Accept Review, a Paid label, or both', () => {
    const comments = [bot(wording('bep2-first-2021'))];
    expect(feeOverview({ ...base, comments, reviews: [review(FEE_BOT_LOGIN, 'Bot', 'APPROVED')] })).toMatchObject({
      stage: 'payment-detected',
      paymentEvidence: ['review'],
    });
    expect(feeOverview({ ...base, comments, labels: ['Payment Status: Paid'] }).paymentEvidence).toEqual(['label']);
    expect(
      feeOverview({ ...base, comments, labels: ['FeePayment: Paid'], reviews: [review(FEE_BOT_LOGIN, 'Bot', 'APPROVED')] }).paymentEvidence,
    ).toEqual(['review', 'label']);
  });

  it('an approval by a look-alike account is not a payment', () => {
    expect(feeOverview({ ...base, reviews: [review('merge-fee-bot', 'User', 'APPROVED')] }).paymentDetected).toBe(false);
  });

  it('a "Requested" label alone means the fee is requested', () => {
    expect(feeOverview({ ...base, labels: ['Payment Status: Requested'] }).stage).toBe('fee-requested');
  });

  it('changes requested wins over payment until the reviewer approves', () => {
    const reviews = [review(FEE_BOT_LOGIN, 'Bot', 'APPROVED'), review('maintainer', 'User', 'CHANGES_REQUESTED')];
    expect(feeOverview({ ...base, reviews }).stage).toBe('changes-requested');
    expect(feeOverview({ ...base, reviews: [...reviews, review('maintainer', 'User', 'APPROVED')] }).stage).toBe('payment-detected');
    expect(feeOverview({ ...base, reviews: [...reviews, review('maintainer', 'User', 'COMMENTED')] }).stage).toBe('changes-requested');
  });

  it('merged and closed come first', () => {
    expect(feeOverview({ ...base, state: 'merged', labels: ['Payment Status: Paid'] }).stage).toBe('merged');
    expect(feeOverview({ ...base, state: 'closed', comments: [bot(wording('bep20-first-2024'))] }).stage).toBe('closed');
  });

  it.each([
    [null, 'unknown'],
    [[], 'none'],
    [
      [
        { status: 'completed', conclusion: 'success' },
        { status: 'completed', conclusion: 'skipped' },
      ],
      'passing',
    ],
    [
      [
        { status: 'completed', conclusion: 'success' },
        { status: 'in_progress', conclusion: null },
      ],
      'running',
    ],
    [
      [
        { status: 'in_progress', conclusion: null },
        { status: 'completed', conclusion: 'failure' },
      ],
      'failing',
    ],
  ] as const)('checks %j → %s', (checks, state) => {
    expect(feeOverview({ ...base, checks }).checks).toBe(state);
  });
});
