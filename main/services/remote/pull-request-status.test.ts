import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, githubEndpoints } from '../../../github/index';
import { FakeGitHub } from '../../../github/testing/fake-github';
import { ADDRESSES, BOT_WORDINGS, IMPERSONATIONS } from '../../../github/testing/fee-bot-wordings';
import { FEE_BOT, PullRequestActivity } from '../../../github/testing/pull-request-activity';
import { pullRequestStatus } from './pull-request-status';

let fake: FakeGitHub;
let activity: PullRequestActivity;
const upstream = { owner: 'trustwallet', repo: 'assets' };
// No token: the status is a public read.
const read = (n: number) => pullRequestStatus(createClient({ endpoints: githubEndpoints(fake.env()) }), upstream, n);

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  activity = new PullRequestActivity(fake);
  activity.opened(31);
});

afterEach(async () => {
  await fake.stop();
  expect(fake.violations).toEqual([]);
});

describe('pullRequestStatus: the fee, the review and the checks, read anonymously', () => {
  it('waits for the bot on a fresh pull request', async () => {
    const status = await read(31);
    expect(status).toMatchObject({ state: 'open', labels: [], reviews: [], fee: { stage: 'waiting-for-bot', request: null } });
    expect(fake.requests.map((r) => r.operation)).toContain('pulls/list-reviews');
  });

  it.each(BOT_WORDINGS.map((w) => [w.id, w] as const))('reads the bot’s %s comment, labels and checks', async (_id, w) => {
    activity.botComment(31, w.body(31, 'octo-operator'));
    activity.setLabels(31, ['Payment Status: Requested']);
    activity.setChecks(31, [{ name: 'Check', status: 'completed', conclusion: 'success' }]);
    const { fee, comments, labels } = await read(31);
    expect(labels).toEqual(['Payment Status: Requested']);
    expect(comments[0]).toMatchObject({ author: FEE_BOT, authorType: 'Bot', bot: true });
    expect(fee).toMatchObject({
      stage: w.expected.reminder ? 'reminder-sent' : 'fee-requested',
      checks: 'passing',
      request: { address: w.expected.address, network: w.expected.network, memo: w.expected.memo === 'pr' ? '31' : null },
      warnings: [],
    });
  });

  it('warns about every impersonation and never takes its address', async () => {
    for (const imp of IMPERSONATIONS) activity.comment(31, imp.body(31, 'octo-operator'), imp.author, imp.authorType);
    const { fee } = await read(31);
    expect(fee.request).toBeNull();
    expect(fee.warnings.map((w) => [w.author, w.trust])).toEqual(IMPERSONATIONS.map((i) => [i.author, i.trust]));
    expect(JSON.stringify(fee.request)).not.toContain(ADDRESSES.strangerBep20);
  });

  it('payment detected from the bot’s Accept Review and the Paid label; changes requested; failing checks; merged', async () => {
    activity.botComment(31, BOT_WORDINGS[3]!.body(31, 'octo-operator'));
    activity.review(31);
    activity.setLabels(31, ['Payment Status: Paid']);
    expect((await read(31)).fee).toMatchObject({ stage: 'payment-detected', paymentEvidence: ['review', 'label'] });

    activity.review(31, 'CHANGES_REQUESTED', 'maintainer');
    activity.setChecks(31, [{ name: 'Check', status: 'completed', conclusion: 'failure' }]);
    const status = await read(31);
    expect(status.reviews.map((r) => [r.author, r.authorType, r.state])).toEqual([
      [FEE_BOT, 'Bot', 'APPROVED'],
      ['maintainer', 'User', 'CHANGES_REQUESTED'],
    ]);
    expect(status.fee).toMatchObject({ stage: 'changes-requested', checks: 'failing', paymentDetected: true });

    activity.merge(31);
    expect((await read(31)).fee.stage).toBe('merged');
  });

  it('a review by a person named like the bot is no payment', async () => {
    activity.review(31, 'APPROVED', 'merge-fee-bot', 'User');
    expect((await read(31)).fee.paymentDetected).toBe(false);
  });

  it('cuts a huge comment body to what the page can show', async () => {
    activity.comment(31, 'x'.repeat(200_000), 'someone');
    expect((await read(31)).comments[0]?.body).toHaveLength(65_536);
  });
});
