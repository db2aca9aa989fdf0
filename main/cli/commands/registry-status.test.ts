// `companion registry status`, in-process against the fake GitHub, signed out (public reads).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../../../github/testing/fake-github';
import { ADDRESSES, BOT_WORDINGS, IMPERSONATIONS } from '../../../github/testing/fee-bot-wordings';
import { PullRequestActivity } from '../../../github/testing/pull-request-activity';
import { main } from '../main';
import { captureIo } from '../test-io';
import { pullRequestArg } from './registry-status';

let fake: FakeGitHub;
let activity: PullRequestActivity;

async function run(...argv: string[]) {
  const c = captureIo({ ...fake.env(), HOME: '/nonexistent-home', XDG_CONFIG_HOME: '/nonexistent-home/config' });
  const code = await main(['registry', 'status', ...argv], c.io);
  return { code, out: c.out(), err: c.err() };
}

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  activity = new PullRequestActivity(fake);
  activity.opened(31245, 'Add Aurora Staking validator to Cosmos Hub');
});

afterEach(async () => {
  await fake.stop();
  expect(fake.violations).toEqual([]);
});

describe('companion registry status', () => {
  it('prints the bot’s BEP2 request with its memo, and where the pull request stands', async () => {
    activity.botComment(31245, BOT_WORDINGS[1]!.body(31245, 'octo-operator'));
    activity.setLabels(31245, ['Payment Status: Requested']);
    activity.setChecks(31245, [{ name: 'Check', status: 'completed', conclusion: 'success' }]);
    const { code, out, err } = await run('31245');
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toContain('Pull request #31245 on trustwallet/assets: Add Aurora Staking validator to Cosmos Hub (open)');
    expect(out).toContain('Where it stands: Fee requested by the registry’s bot; no payment seen yet. All checks succeeded.');
    expect(out).toContain('  Amount:   1000 TWT\n  Or:       5 BNB (same address and memo)\n  Network:  BNB Beacon Chain (BEP2)');
    expect(out).toContain(`  Address:  ${ADDRESSES.registryBep2}\n  Memo:     31245`);
    expect(out).toContain('No refund');
  });

  it('takes a link, lists impersonations as "do not pay", and prints JSON', async () => {
    activity.botComment(31245, BOT_WORDINGS[3]!.body(31245, 'octo-operator'));
    for (const imp of IMPERSONATIONS) activity.comment(31245, imp.body(31245, 'octo-operator'), imp.author, imp.authorType);
    const link = `${fake.webUrl}/trustwallet/assets/pull/31245/files`;
    const text = await run(link);
    expect(text.code).toBe(0);
    expect(text.out).toContain("Not from the registry's bot: do not pay.");
    expect(text.out).toContain(
      `merge-fee-bot (impersonation: a person's account named like the registry's bot): do not pay to ${ADDRESSES.strangerBep2}`,
    );
    expect(text.out).toContain(`  Address:  ${ADDRESSES.registryBep20}\n`);

    const json = await run(link, '--json');
    const parsed = JSON.parse(json.out) as { ok: boolean; upstream: string; fee: { request: { address: string }; warnings: unknown[] } };
    expect(parsed).toMatchObject({ ok: true, upstream: 'trustwallet/assets', fee: { request: { address: ADDRESSES.registryBep20 } } });
    expect(parsed.fee.warnings).toHaveLength(IMPERSONATIONS.length);
  });

  it('payment detected: says not to pay again', async () => {
    activity.botComment(31245, BOT_WORDINGS[4]!.body(31245, 'octo-operator'));
    activity.review(31245);
    const { code, out } = await run('31245');
    expect(code).toBe(0);
    expect(out).toContain('Payment detected');
    expect(out).toContain('do not pay again');
  });

  it('exit 1 with a plain reason when the pull request is not there', async () => {
    const { code, err } = await run('99', '--upstream', 'trustwallet/assets');
    expect(code).toBe(1);
    expect(err).toContain('There is no pull request #99 on trustwallet/assets');
    const json = await run('99', '--json');
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('exit 2 on bad usage', async () => {
    for (const argv of [[], ['abc'], ['1', '2'], ['1', '--upstream', 'not a repo'], ['https://evil.example/trustwallet/assets/pull/1']]) {
      const { code, err } = await run(...argv);
      expect({ argv, code }).toEqual({ argv, code: 2 });
      expect(err.length).toBeGreaterThan(0);
    }
  });
});

describe('pullRequestArg', () => {
  const web = 'https://github.com';
  it.each([
    ['31245', undefined, { number: 31245, upstream: undefined }],
    ['#7', 'me/assets', { number: 7, upstream: 'me/assets' }],
    ['https://github.com/trustwallet/assets/pull/31245', undefined, { number: 31245, upstream: 'trustwallet/assets' }],
    [
      'https://github.com/trustwallet/assets/pull/31245#issuecomment-1',
      'trustwallet/assets',
      { number: 31245, upstream: 'trustwallet/assets' },
    ],
  ] as const)('%s (--upstream %s)', (value, upstream, expected) => {
    expect(pullRequestArg(value, web, upstream)).toEqual(expected);
  });

  it.each([
    ['0', undefined, /neither a pull request number/],
    ['https://github.com/trustwallet/assets/issues/5', undefined, /not a pull request's link/],
    ['https://github.com/trustwallet/assets/pull/5', 'other/assets', /--upstream says other\/assets/],
    ['https://gitlab.com/trustwallet/assets/pull/5', undefined, /the link is on gitlab\.com/],
  ] as const)('refuses %s', (value, upstream, message) => {
    expect(() => pullRequestArg(value, web, upstream)).toThrow(message);
  });
});
