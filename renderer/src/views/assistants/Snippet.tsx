import { useState } from 'react';

/** A read-only block with a Copy button; `wrap` for one long command line, which reads better wrapped than scrolled. */
export function Snippet({ text, label, wrap = false }: { text: string; label: string; wrap?: boolean }) {
  const [copied, setCopied] = useState<'yes' | 'no'>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
    setTimeout(() => setCopied(undefined), 2500);
  };
  return (
    <div className="snippet">
      <pre className={wrap ? 'code-block wrap' : 'code-block'} tabIndex={0} aria-label={label}>
        {text}
      </pre>
      <button type="button" className="button small-button" onClick={() => void copy()} aria-label={`Copy the ${label}`}>
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {copied === 'yes' ? 'Copied to the clipboard' : copied === 'no' ? 'Copying is not allowed here; select the text and copy it' : ''}
      </span>
    </div>
  );
}
