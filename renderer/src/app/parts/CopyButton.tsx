import { useEffect, useState } from 'react';

/** Puts text on the clipboard; false when the browser refuses (no permission, or not a secure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A small Copy button for a command, a path or an id. `what` names the thing in plain words for screen
 * readers ("Copy the folder path"); the result is announced, and a refusal says what to do instead.
 */
export function CopyButton({ text, what, className = 'button small copy-button' }: { text: string; what: string; className?: string }) {
  const [state, setState] = useState<'copied' | 'refused'>();
  useEffect(() => {
    if (!state) return;
    const timer = setTimeout(() => setState(undefined), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={`Copy ${what}`}
        title={`Copy ${what}`}
        onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'refused'))}
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied'
          ? 'Copied to the clipboard.'
          : state === 'refused'
            ? 'Copying is not allowed here: select the text and copy it.'
            : ''}
      </span>
    </>
  );
}

/**
 * A long id or path shortened with "…" to fit: the full value on hover, and a Copy button beside it.
 * `keep="end"` shortens at the start instead, for a path whose last folders say the most.
 */
export function LongText({
  text,
  what,
  className = '',
  keep = 'start',
}: {
  text: string;
  what: string;
  className?: string;
  keep?: 'start' | 'end';
}) {
  return (
    <span className={`long-text ${className}`.trim()}>
      <code className={keep === 'end' ? 'long-text-value keep-end' : 'long-text-value'} title={text}>
        {/* Laid out right to left so the start is what is cut; <bdi> keeps the text itself in its own order. */}
        {keep === 'end' ? <bdi>{text}</bdi> : text}
      </code>
      <CopyButton text={text} what={what} className="copy-icon" />
    </span>
  );
}
