/**
 * The registry's fee and the review, in plain words: where the pull request stands, what the registry's
 * bot asks (amount, the alternative, the address with its network, the memo) with copy buttons, "no refund",
 * and, clearly apart, every comment by anyone else that asks for payment or names an address: "not from
 * the registry's bot: do not pay". The request is taken only from the bot account's own comments (main
 * decides, domain/fee-status.ts). The app never pays and never opens a wallet: no wallet links here.
 * Presentational: everything comes in as props.
 */
import { Fragment } from 'react';
import { NETWORK_NAMES } from '../../../../../domain/fee-request';
import { CHECKS_WORDS, STAGE_WORDS } from '../../../../../domain/fee-status';
import type { FeeOverview, PullRequestStatus } from '../../../../../domain/ipc/github-channels';
import { CopyButton } from '../../../app/parts/CopyButton';

type Request = NonNullable<FeeOverview['request']>;

const STAGE_TONE: Record<FeeOverview['stage'], 'ok' | 'warn' | 'error' | ''> = {
  merged: 'ok',
  closed: 'error',
  'changes-requested': 'warn',
  'payment-detected': 'ok',
  'reminder-sent': 'warn',
  'fee-requested': '',
  'waiting-for-bot': '',
};

export function FeePanel({ fee, state }: { fee: FeeOverview; state: PullRequestStatus['state'] }) {
  return (
    <section className="fee-panel stack-md" aria-labelledby="fee-title">
      <h4 id="fee-title">The fee and the review</h4>
      <p className={`callout ${STAGE_TONE[fee.stage]}`.trim()} role="status" aria-label="Where it stands">
        <strong>{STAGE_WORDS[fee.stage]}</strong> {CHECKS_WORDS[fee.checks]}
        {fee.paymentDetected && fee.stage !== 'payment-detected' && fee.stage !== 'merged' && ' The payment has been detected.'}
      </p>
      {fee.request && state === 'open' && !fee.paymentDetected && <FeeRequestCard request={fee.request} />}
      {fee.request && (state !== 'open' || fee.paymentDetected) && (
        <p className="muted small">
          The registry’s bot asked for {amountText(fee.request)}.{' '}
          {fee.paymentDetected ? 'Its payment has been seen: do not pay again.' : 'Do not pay for a pull request that is closed.'}
        </p>
      )}
      {fee.unreadable && (
        <p className="callout warn">
          The registry’s bot asked for a fee, but the app could not read it safely ({fee.unreadable}). Read the bot’s comment on GitHub and
          pay nothing until it is clear.
        </p>
      )}
      {fee.addressesDiffer && (
        <p className="callout warn">
          The registry’s bot named more than one address in its comments. The newest is shown; ask on the pull request before paying.
        </p>
      )}
      {fee.memoMismatch && (
        <p className="callout warn">
          The memo is not this pull request’s number, which the registry’s bot has always used. Ask on the pull request before paying.
        </p>
      )}
      {fee.warnings.length > 0 && <FeeWarnings warnings={fee.warnings} />}
    </section>
  );
}

const amountText = (r: Request) =>
  `${r.amount} ${r.currency}${r.alternative ? ` or ${r.alternative.amount} ${r.alternative.currency}` : ''}`;

function FeeRequestCard({ request }: { request: Request }) {
  const same = request.memo ? 'same address and memo' : 'same address';
  return (
    <div className="fee-request" aria-label="The fee the registry’s bot asks">
      <p className="fee-source">
        Asked by <strong>merge-fee-bot[bot]</strong>, the registry’s bot
        {request.reminder ? ' (a reminder: it has not seen a payment yet)' : ''}.{' '}
        <a href={request.url} target="_blank" rel="noreferrer">
          Its comment on GitHub
        </a>
      </p>
      <dl className="fee-facts">
        <dt>Amount</dt>
        <dd>
          <span className="fee-amount">
            {request.amount} {request.currency}
          </span>{' '}
          <CopyButton text={request.amount} what={`the amount (${request.amount})`} />
        </dd>
        {request.alternative && (
          <>
            <dt>Or instead</dt>
            <dd>
              {request.alternative.amount} {request.alternative.currency} ({same})
            </dd>
          </>
        )}
        <dt>Network</dt>
        <dd>{NETWORK_NAMES[request.network]}</dd>
        <dt>Address</dt>
        <dd className="fee-address">
          <code>{request.address}</code> <CopyButton text={request.address} what="the payment address" />
        </dd>
        {request.memo !== null && (
          <>
            <dt>Memo</dt>
            <dd>
              <code>{request.memo}</code> <CopyButton text={request.memo} what="the memo" />{' '}
              <span className="muted small">Required: a payment without it is not matched to your pull request.</span>
            </dd>
          </>
        )}
      </dl>
      <ul className="fee-rules small">
        <li>
          <strong>No refund.</strong> The fee is not returned, also when the entry is not merged.
        </li>
        <li>Pay from your own wallet, on {NETWORK_NAMES[request.network]}. This app never pays and never opens a wallet.</li>
        <li>The registry’s bot sees the payment by itself within minutes and approves the pull request; a maintainer then merges it.</li>
      </ul>
    </div>
  );
}

function FeeWarnings({ warnings }: { warnings: FeeOverview['warnings'] }) {
  return (
    <section className="callout error fee-warnings" aria-labelledby="fee-warnings-title">
      <h5 id="fee-warnings-title">Not from the registry’s bot: do not pay</h5>
      <p className="small">
        Only comments by the account <strong>merge-fee-bot[bot]</strong> (marked “bot” on GitHub) state the registry’s fee. These comments
        ask for money or name an address, but someone else wrote them:
      </p>
      <ul>
        {warnings.map((w) => (
          <li key={w.commentId} aria-label={`Warning about ${w.author}`}>
            <strong>{w.author}</strong>{' '}
            {w.trust === 'look-alike' ? (
              <span className="badge bad">Impersonation: named like the registry’s bot, but a person’s account</span>
            ) : (
              <span className="badge bad">Not the registry’s bot</span>
            )}
            {w.addresses.length > 0 && (
              <span className="fee-bad-addresses">
                {' '}
                Do not pay to:{' '}
                {w.addresses.map((a, i) => (
                  <Fragment key={a}>
                    {i > 0 && ', '}
                    <code>{a}</code>
                  </Fragment>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
