/**
 * What happens after the files are written, in plain words. The processing fee is posted by a bot on
 * the pull request and its amount and address change over time, so they are never stated here.
 */
export function NextSteps({
  branch,
  title,
  committed,
  pushHere,
}: {
  branch: string;
  title: string;
  committed: boolean;
  pushHere: boolean;
}) {
  return (
    <section className="next-steps" aria-labelledby="next-steps-title">
      <h3 id="next-steps-title">Next steps</h3>
      <ol className="steps-list">
        {!pushHere && (
          <li>
            <strong>Open a pull request with the two files.</strong> This folder is not a git checkout, so the app cannot push it: put the
            files on a branch of your fork on GitHub and open a pull request with the title <q>{title}</q>, or start again choosing “No
            clone needed: submit through GitHub”.
          </li>
        )}
        {pushHere && (
          <li>
            <strong>Press “Push and open pull request” above.</strong> Signed in to GitHub, the app{' '}
            {committed ? '' : 'commits the two files on the branch, '}
            sends the branch to your copy (fork) of the registry and opens the pull request with the title <q>{title}</q>: no terminal
            needed. One validator per pull request.
            <span className="muted small">
              {' '}
              Prefer your own git tool? {committed ? '' : 'Commit the two files on a new branch, then '}
              <code>git push -u origin {branch}</code> to your fork and open the pull request on GitHub.
            </span>
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
