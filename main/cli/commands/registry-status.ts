/**
 * `companion registry status <pr>`: where a registry pull request stands after it is opened, the fee the
 * registry's bot asks (read from that bot account's own comments only) and warnings about anyone else who
 * asks for money. Public reads: works without signing in (signed in, the rate limit is higher). Never pays.
 */
import { defineCommand, UsageError, type CliIo } from '../command';
import type { FeeOverview, PullRequestStatus } from '../../../domain/ipc/github-channels';

const usage = 'companion registry status <pr> [--upstream OWNER/REPO] [--json]';

/** `<pr>`: a number, or a pull request's link on the GitHub the app talks to (its repository then wins). */
export function pullRequestArg(
  value: string,
  webUrl: string,
  upstream: string | undefined,
): { number: number; upstream: string | undefined } {
  const text = value.trim();
  if (/^#?\d{1,9}$/.test(text)) {
    const number = Number(text.replace('#', ''));
    if (number >= 1) return { number, upstream };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `"${value}" is neither a pull request number (e.g. 31245) nor a pull request's link (https://github.com/OWNER/REPO/pull/N).`,
    );
  }
  const web = new URL(webUrl);
  if (url.origin !== web.origin)
    throw new UsageError(`the link is on ${url.host}, but the app talks to ${web.host}; give the pull request's number or its link there.`);
  const base = web.pathname.replace(/\/$/, '');
  const match = /^\/([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100})\/pull\/(\d{1,9})(?:\/.*)?$/.exec(
    url.pathname.slice(base.length),
  );
  if (!match || Number(match[3]) < 1)
    throw new UsageError(`"${value}" is not a pull request's link; it looks like ${web.origin}/OWNER/REPO/pull/N.`);
  const fromLink = `${match[1]}/${match[2]}`;
  if (upstream !== undefined && upstream.toLowerCase() !== fromLink.toLowerCase())
    throw new UsageError(`the link is a pull request on ${fromLink}, but --upstream says ${upstream}; give one of them.`);
  return { number: Number(match[3]), upstream: fromLink };
}

const STATE_WORDS: Record<PullRequestStatus['state'], string> = { open: 'open', closed: 'closed without merging', merged: 'merged' };

function feeLines(fee: FeeOverview, state: PullRequestStatus['state'], names: Record<'bep2' | 'bep20', string>): string[] {
  const lines: string[] = [];
  const r = fee.request;
  if (r) {
    const payable = state === 'open' && !fee.paymentDetected;
    lines.push('', `The fee the registry's bot asks (merge-fee-bot[bot]${r.reminder ? ', a reminder' : ''}): ${r.url}`);
    lines.push(`  Amount:   ${r.amount} ${r.currency}`);
    if (r.alternative)
      lines.push(`  Or:       ${r.alternative.amount} ${r.alternative.currency} (same address${r.memo !== null ? ' and memo' : ''})`);
    lines.push(`  Network:  ${names[r.network]}`, `  Address:  ${r.address}`);
    if (r.memo !== null) lines.push(`  Memo:     ${r.memo}  (required: a payment without it is not matched to the pull request)`);
    lines.push(
      payable
        ? '  No refund: the fee is not returned, also when the entry is not merged. Pay from your own wallet; this command never pays.'
        : fee.paymentDetected
          ? '  The payment has been seen: do not pay again.'
          : '  Do not pay for a pull request that is closed.',
    );
  }
  if (fee.unreadable)
    lines.push('', `The registry's bot asked for a fee, but it could not be read safely (${fee.unreadable}); read it on GitHub.`);
  if (fee.addressesDiffer)
    lines.push('', "The registry's bot named more than one address; the newest is shown. Ask on the pull request before paying.");
  if (fee.memoMismatch) lines.push('', "The memo is not the pull request's number; ask on the pull request before paying.");
  if (fee.warnings.length > 0) {
    lines.push('', "Not from the registry's bot: do not pay.");
    for (const w of fee.warnings) {
      const who = w.trust === 'look-alike' ? `${w.author} (impersonation: a person's account named like the registry's bot)` : w.author;
      lines.push(`  ${who}${w.addresses.length ? `: do not pay to ${w.addresses.join(', ')}` : ''}`);
    }
  }
  return lines;
}

async function printStatus(status: PullRequestStatus, upstream: string, io: CliIo): Promise<void> {
  const { CHECKS_WORDS, STAGE_WORDS } = await import('../../../domain/fee-status');
  const { NETWORK_NAMES } = await import('../../../domain/fee-request');
  const lines = [
    `Pull request #${status.number} on ${upstream}: ${status.title} (${STATE_WORDS[status.state]})`,
    status.url,
    '',
    `Where it stands: ${STAGE_WORDS[status.fee.stage]} ${CHECKS_WORDS[status.fee.checks]}`,
  ];
  if (status.labels.length) lines.push(`Labels: ${status.labels.join(', ')}`);
  lines.push(...feeLines(status.fee, status.state, NETWORK_NAMES));
  io.stdout.write(`${lines.join('\n')}\n`);
}

export const registryStatusCommand = defineCommand({
  path: ['registry', 'status'],
  summary: "A registry pull request's fee, review and checks (who asks for the fee, too); no sign-in needed",
  usage,
  about: `Reads a pull request on the registry through GitHub's API and says where it stands: open, merged or
closed; the fee the registry's bot asks (amount, the alternative, the address with its network, the memo
if any) and whether it sent a reminder; whether the payment was detected (the bot's automatic Accept
Review, a "Paid" label); changes requested; the checks. Only the account merge-fee-bot[bot] (a GitHub
App's bot account) states the registry's fee: anyone else's comment that asks for payment or names an
address is listed as "not from the registry's bot: do not pay". This command never pays anything.
<pr> is the pull request's number or its link (https://github.com/OWNER/REPO/pull/N). Works without
signing in (public reads, 60 an hour); signed in (companion github login), the limit is higher.`,
  options: {
    upstream: {
      type: 'string',
      value: 'OWNER/REPO',
      description: 'The registry repository the pull request is on (default: trustwallet/assets, as for registry submit)',
    },
    json: { type: 'boolean', description: 'Print the status as JSON (state, labels, reviews, checks and the fee overview)' },
  },
  positionals: true,
  more: `Examples:
  companion registry status 31245
  companion registry status https://github.com/trustwallet/assets/pull/31245 --json

Exit code: 0 when the status was read, 1 when it could not be (the reason is printed), 2 on bad usage.`,
  async run({ values, positionals }, io) {
    if (positionals.length !== 1)
      throw new UsageError(
        positionals.length === 0 ? `the pull request is missing. Usage: ${usage}` : `expected one pull request, got ${positionals.length}.`,
      );
    const { DEFAULT_UPSTREAM, GitHubError, githubEndpoints, readingClient } = await import('../../../github/index');
    const { statusOf } = await import('../../../github/client');
    const { upstreamOf } = await import('../../services/github-submission');
    const { pullRequestStatus } = await import('../../services/remote/pull-request-status');
    const json = values.json ?? false;
    const target = pullRequestArg(positionals[0]!, githubEndpoints(io.env).webUrl, values.upstream);
    const upstream = target.upstream ?? DEFAULT_UPSTREAM;
    let repo;
    try {
      repo = upstreamOf(upstream);
    } catch (error) {
      throw new UsageError(`--upstream: ${(error as Error).message}`);
    }
    const fail = (message: string, code: string) => {
      if (json) io.stdout.write(`${JSON.stringify({ ok: false, error: { code, message } }, null, 2)}\n`);
      else io.stderr.write(`${message}\n`);
      return 1;
    };
    try {
      const { client } = await readingClient({ env: io.env });
      const status = await pullRequestStatus(client, repo, target.number);
      if (json) {
        const { comments: _comments, rateLimit: _rate, fetchedAt: _at, ...rest } = status;
        io.stdout.write(`${JSON.stringify({ ok: true, upstream, ...rest }, null, 2)}\n`);
      } else await printStatus(status, upstream, io);
      return 0;
    } catch (error) {
      if (error instanceof GitHubError) return fail(error.message, error.code);
      if (statusOf(error) === 404)
        return fail(`There is no pull request #${target.number} on ${upstream} (GitHub answered 404).`, 'not-found');
      const status = statusOf(error);
      if (status !== undefined)
        return fail(`GitHub refused to show pull request #${target.number} on ${upstream} (HTTP ${status}).`, 'refused');
      throw error;
    }
  },
});
