import { CopyButton } from '../../../app/parts/CopyButton';

const CLONE = 'git clone https://github.com/trustwallet/assets.git';

/** Where the registry comes from, for people who do not have a copy yet. */
export function RegistrySource() {
  return (
    <details className="registry-source">
      <summary>Where does the registry come from?</summary>
      <p>
        The validator registry is the <strong>trustwallet/assets</strong> repository on GitHub. The wizard works on your own copy of it (a
        “clone”) on this computer. A full copy is large: about <strong>4 GB</strong>, so the first download can take a while.
      </p>
      <p>To make a copy, open a terminal in the folder where you want it and run:</p>
      <div className="command-line">
        <code>{CLONE}</code>
        <CopyButton text={CLONE} what="the clone command" />
      </div>
      <p className="muted small">
        Then choose the new <code>assets</code> folder below. To send your change to the registry later, you copy (fork) the repository on
        GitHub; the last step explains how.
      </p>
    </details>
  );
}
