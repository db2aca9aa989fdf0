/** A labelled text field with a live message and an optional character counter. */
import type { RegistryFinding } from '../../../../../domain/ipc/registry-channels';
import { FieldMessage } from './common';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Leaving the field (the form marks it touched). */
  onBlur?: () => void;
  hint?: string;
  findings: readonly RegistryFinding[] | null;
  /** A message from the form itself (a number that does not parse), shown before the engine's. */
  local?: string | undefined;
  max?: number;
  multiline?: boolean;
  inputMode?: 'text' | 'url' | 'decimal' | 'numeric';
  placeholder?: string;
  mono?: boolean;
}

const count = (s: string) => [...s].length;

export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  hint,
  findings,
  local,
  max,
  multiline,
  inputMode,
  placeholder,
  mono,
}: Props) {
  const messageId = `${id}-message`;
  const described = [hint ? `${id}-hint` : '', max ? `${id}-counter` : '', messageId].filter(Boolean).join(' ');
  const invalid = Boolean(local) || Boolean(findings?.some((f) => f.severity === 'error'));
  const length = count(value);
  const common = {
    id,
    value,
    placeholder,
    className: mono ? 'mono' : undefined,
    'aria-describedby': described,
    'aria-invalid': invalid || undefined,
    spellCheck: !mono,
    onBlur,
  };
  return (
    <div className="field">
      <div className="label-row">
        <label htmlFor={id}>{label}</label>
        {max && (
          <span id={`${id}-counter`} className={`counter${length > max ? ' over' : ''}`} aria-label={`${length} of ${max} characters`}>
            {length} / {max}
          </span>
        )}
      </div>
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          onChange={(e) => onChange(e.target.value)}
          // Entries are one line of text: Enter must not add a line break the registry would reject.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      ) : (
        <input {...common} type="text" inputMode={inputMode} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <FieldMessage id={messageId} findings={findings} local={local} />
    </div>
  );
}
