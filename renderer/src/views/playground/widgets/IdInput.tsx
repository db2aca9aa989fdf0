import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & { onValue: (value: string | undefined) => void };

/**
 * A text input for an id or an address: monospace, without spelling or autofill suggestions. Clearing it
 * leaves the argument out rather than sending "".
 */
export function IdInput({ onValue, ...props }: Props) {
  return (
    <input
      {...props}
      type="text"
      className="mono"
      spellCheck={false}
      autoComplete="off"
      onChange={(e) => onValue(e.target.value === '' ? undefined : e.target.value)}
    />
  );
}
