/**
 * The pull request's page in the app: its link, open/merged/closed, the fee panel (what the registry's bot
 * asks, read only from its own comments, and warnings about anyone else asking), the checks, and every
 * comment exactly as written on GitHub. Polled with backoff, see poll.ts.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CheckRun, PullRequestStatus } from '../../../../../domain/ipc/github-channels';
import { useApi } from '../../../app/api-context';
import { Spinner } from '../parts/common';
import type { OpenedPullRequest } from '../draft';
import { CopyButton } from './CopyButton';
import { FeePanel } from './FeePanel';
import { githubKeys } from './github-queries';
import { openLink } from './open-link';
import { pollDelay, statusFingerprint } from './poll';
import './remote.css';

const when = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

export function PullRequestPanel({ pr }: { pr: OpenedPullRequest }) {
  const api = useApi();
  const unchanged = useRef(0);
  const last = useRef('');
  const query = useQuery({
    queryKey: githubKeys.pullRequest(pr.upstream, pr.number),
    queryFn: async () => {
      const status = await api.github.pullRequest(pr.upstream, pr.number);
      const print = statusFingerprint(status);
      unchanged.current = print === last.current ? unchanged.current + 1 : 0;
      last.current = print;
      return status;
    },
    refetchInterval: (q) =>
      pollDelay({ status: q.state.data, unchanged: unchanged.current, failures: q.state.fetchFailureCount, now: Date.now() }),
    refetchIntervalInBackground: true,
  });
  const [openError, setOpenError] = useState<string>();
  const status = query.data;

  return (
    <section className="pull-request stack-md" aria-labelledby="pull-request-title">
      <div className="row">
        <h3 id="pull-request-title">
          Pull request #{pr.number}: {pr.title}
        </h3>
        {status && <StateBadge state={status.state} />}
      </div>
      <p className="row">
        <a href={pr.url} target="_blank" rel="noreferrer" className="mono">
          {pr.url}
        </a>
        <CopyButton text={pr.url} label="Copy the pull request’s link" />
        {pr.url.startsWith('https://') && (
          <button
            type="button"
            className="button small"
            onClick={() => {
              try {
                openLink(pr.url);
              } catch (e) {
                setOpenError(e instanceof Error ? e.message : String(e));
              }
            }}
          >
            Open on GitHub
          </button>
        )}
      </p>
      {openError && <p className="field-message error">{openError}</p>}
      {pr.reused && <p className="callout ok">This pull request was already open from an earlier try; nothing was sent twice.</p>}
      {pr.notes.length > 0 && (
        <ul className="callout warn">
          {pr.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {query.isPending && <Spinner label="Reading the pull request on GitHub…" />}
      {query.isError && (
        <p className="callout warn" role="status">
          Could not read the pull request just now: {query.error.message} The app tries again later.
        </p>
      )}
      {status && <StatusDetails status={status} />}
      {status && (
        <p className="muted small row">
          Checked at {when(status.fetchedAt)}.
          {status.state === 'open' ? ' The page checks again by itself, less often while nothing changes.' : ''}
          <button type="button" className="button small subtle" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Check now
          </button>
        </p>
      )}
    </section>
  );
}

function StateBadge({ state }: { state: PullRequestStatus['state'] }) {
  if (state === 'merged') return <span className="badge ok">Merged</span>;
  if (state === 'closed') return <span className="badge bad">Closed</span>;
  return <span className="badge accent">Open</span>;
}

function StatusDetails({ status }: { status: PullRequestStatus }) {
  const suspicious = new Set(status.fee.warnings.map((w) => w.commentId));
  return (
    <>
      {status.state === 'merged' && (
        <p className="callout ok">Merged: your entry is in the registry. Wallets show it once they pick up the new version.</p>
      )}
      {status.state === 'closed' && (
        <p className="callout error">
          Closed without merging. Read the comments below for why. Do not pay for a closed pull request; start a new submission once the
          reason is fixed.
        </p>
      )}
      <FeePanel fee={status.fee} state={status.state} />
      <section aria-labelledby="checks-title">
        <h4 id="checks-title">Checks</h4>
        {!status.checks.available ? (
          <p className="muted">GitHub does not list the checks for this sign-in; see them on the pull request’s page.</p>
        ) : status.checks.runs.length === 0 ? (
          <p className="muted">No checks have started yet.</p>
        ) : (
          <ul className="check-runs">
            {status.checks.runs.map((r) => (
              <li key={r.name}>
                <CheckBadge run={r} /> {r.name}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="comments-title">
        <h4 id="comments-title">Comments</h4>
        <p className="muted small">
          Shown exactly as written on GitHub. Only the account merge-fee-bot[bot] states the registry’s fee; the fee panel above reads it
          from that account’s comments alone.
        </p>
        {status.comments.length === 0 ? (
          <p className="muted">No comments yet. The registry’s bot usually comments within a few minutes.</p>
        ) : (
          <ol className="pr-comments">
            {status.comments.map((c) => (
              <li key={c.id} className="pr-comment" aria-label={`Comment by ${c.author}`}>
                <p className="pr-comment-meta">
                  <strong>{c.author}</strong> {c.bot && <span className="badge accent">bot</span>}{' '}
                  {suspicious.has(c.id) && <span className="badge bad">not the registry’s bot: do not pay</span>}{' '}
                  <span className="muted small">{new Date(c.createdAt).toLocaleString()}</span>
                </p>
                <pre className="pr-comment-body">{c.body}</pre>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function CheckBadge({ run }: { run: CheckRun }) {
  if (run.status !== 'completed') return <span className="badge accent">Running</span>;
  if (run.conclusion === 'success') return <span className="badge ok">Passed</span>;
  if (run.conclusion === 'neutral' || run.conclusion === 'skipped') return <span className="badge">Skipped</span>;
  return <span className="badge bad">Failed</span>;
}
