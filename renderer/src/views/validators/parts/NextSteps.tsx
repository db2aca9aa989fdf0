/**
 * What happens after the files are written, in plain words. The processing fee is posted by a bot on
 * the pull request and its amount and address change over time, so they are never stated here.
 */
export function NextSteps({ branch, title, committed }: { branch: string; title: string; committed: boolean }) {
  return (
    <section className="next-steps" aria-labelledby="next-steps-title">
      <h3 id="next-steps-title">Next steps</h3>
      <ol className="steps-list">
        <li>
          {committed ? (
            <strong>Push your branch to your fork on GitHub.</strong>
          ) : (
            <strong>Commit the two files on a new branch and push it to your fork on GitHub.</strong>
          )}{' '}
          {committed
            ? 'In a terminal in the registry folder:'
            : 'The button above makes the branch and the commit; then, in a terminal in the registry folder:'}{' '}
          <code>git push -u origin {branch}</code>. In GitHub Desktop, press “Publish branch”.
        </li>
        <li>
          <strong>Open a pull request</strong> from your branch to the main registry repository on GitHub. Use the title <q>{title}</q>. Put
          one validator in each pull request.
        </li>
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
