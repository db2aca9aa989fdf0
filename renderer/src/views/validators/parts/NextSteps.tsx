/**
 * What happens after the files are written, in plain words. The processing fee is posted by a bot on
 * the pull request and its amount and address change over time, so they are never stated here.
 */
import type { CloneRemote } from '../../../../../domain/ipc/registry-channels';
import { FORK_REMOTE, forkRemote, upstreamRemotes } from '../push-hint';

/**
 * The way with one's own git tool, named only when it works: `git push -u fork <branch>` once the clone
 * has a `fork` remote pointing at a fork (never a remote that points at the registry, which refuses it).
 */
function OwnToolHint({ remotes, branch, committed }: { remotes: readonly CloneRemote[]; branch: string; committed: boolean }) {
  const fork = forkRemote(remotes);
  const toRegistry = upstreamRemotes(remotes);
  const first = committed ? '' : 'Commit the two files on a new branch, then ';
  if (fork)
    return (
      <span className="muted small own-tool-hint">
        {' '}
        Prefer your own git tool? {first}
        <code>
          git push -u {fork.name} {branch}
        </code>{' '}
        (the remote “{fork.name}” is your fork{fork.repository ? ` ${fork.repository}` : ''}) and open the pull request on GitHub.
      </span>
    );
  return (
    <span className="muted small own-tool-hint">
      {' '}
      Prefer your own git tool? This clone has no remote for your fork
      {toRegistry.length > 0 &&
        `: ${toRegistry.map((n) => `“${n}”`).join(' and ')} ${toRegistry.length === 1 ? 'points' : 'point'} at the registry itself, which refuses your branch`}
      . “Push and open pull request” finds or makes your fork on GitHub, adds it as the remote “{FORK_REMOTE}” and pushes there; after that{' '}
      <code>
        git push -u {FORK_REMOTE} {branch}
      </code>{' '}
      works from your own tool too.
    </span>
  );
}
export function NextSteps({
  branch,
  title,
  committed,
  pushHere,
  remotes,
}: {
  branch: string;
  title: string;
  committed: boolean;
  pushHere: boolean;
  /** The clone's remotes as main read them (undefined while they are read). */
  remotes: readonly CloneRemote[] | undefined;
}) {
  return (
    <section className="next-steps" aria-labelledby="next-steps-title">
      <h3 id="next-steps-title">Next steps</h3>
      <ol className="steps-list">
        {!pushHere && (
          <li>
            <strong>Open the pull request through GitHub.</strong> This folder is not a git clone, so the app cannot send it to GitHub.
            Press “Open the pull request through GitHub” below: the same submission (chain, id, details and fixed logo) moves to the GitHub
            path, ready for review, and the app opens the pull request with the title <q>{title}</q> from your GitHub account. No git
            needed.
          </li>
        )}
        {pushHere && (
          <li>
            <strong>Press “Push and open pull request” above.</strong> Signed in to GitHub, the app{' '}
            {committed ? '' : 'commits the two files on the branch, '}
            sends the branch to your copy (fork) of the registry and opens the pull request with the title <q>{title}</q>: no terminal
            needed. One validator per pull request.
            {remotes && <OwnToolHint remotes={remotes} branch={branch} committed={committed} />}
          </li>
        )}
        <li>
          <strong>Pay the processing fee as the bot says.</strong> A bot comments on your pull request with the fee and how to pay it.
          Follow that comment exactly: the amount and the payment address change over time, so this app never shows them.
        </li>
        <li>
          <strong>Wait for review.</strong> Reviewers check the entry and the logo; they may ask for changes in the pull request.
        </li>
      </ol>
      <div className="callout warn fee-warning" role="note" aria-label="Before you pay">
        <p>
          <strong>Before you pay</strong>
        </p>
        <ul>
          <li>
            Unpaid pull requests are closed automatically after 48 hours. Pay within that time, and never pay for a pull request that is
            already closed.
          </li>
          <li>There are no refunds, also not for updates or for entries that are not merged.</li>
          <li>Paying does not guarantee a merge: reviewers can still reject an entry, for example a logo that is not your real brand.</li>
        </ul>
      </div>
    </section>
  );
}
