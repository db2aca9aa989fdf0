import { useCallback, useState } from 'react';
import type { FieldProps } from './field-props';
import { controlAria, FieldShell } from './FieldShell';
import { booleanControl, notSetLabel, optionIndex, optionText } from './picker-model';

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
/** A value as field text; a value of the wrong type (from the JSON editor) shows as its JSON. */
const fieldText = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : v === undefined ? '' : JSON.stringify(v);

export function StringField(p: FieldProps) {
  const long = typeof p.schema.maxLength === 'number' && p.schema.maxLength > 1000;
  const value = typeof p.value === 'string' ? p.value : p.value === undefined ? '' : JSON.stringify(p.value);
  const placeholder =
    'default' in p.schema ? String(p.schema.default) : Array.isArray(p.schema.examples) ? String(p.schema.examples[0]) : undefined;
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  // An empty field is left out of the arguments rather than sent as "" (the raw JSON mode can send "").
  const change = (text: string) => p.onChange(text === '' ? undefined : text);
  return (
    <FieldShell {...p}>
      {long ? (
        <textarea {...aria} value={value} placeholder={placeholder} spellCheck={false} onChange={(e) => change(e.target.value)} />
      ) : (
        <input
          {...aria}
          type="text"
          value={value}
          placeholder={placeholder}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => change(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

/**
 * Numbers keep the typed text while it is incomplete ("-", "1.", "1e"): the value becomes a number when
 * the text is one, and otherwise stays text, so validation says what is wrong instead of losing input.
 */
export function NumberField(p: FieldProps) {
  const integer = p.schema.type === 'integer';
  const [text, setText] = useState(fieldText(p.value));
  // A value set from outside (the JSON editor, history) replaces the text unless the text already means it.
  const [seen, setSeen] = useState(p.value);
  if (!Object.is(seen, p.value)) {
    setSeen(p.value);
    const external = fieldText(p.value);
    setText((current) => (current.trim() === external || Number(current) === p.value ? current : external));
  }
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  const min = num(p.schema.minimum) ?? num(p.schema.exclusiveMinimum);
  const max = num(p.schema.maximum) ?? num(p.schema.exclusiveMaximum);
  return (
    <FieldShell {...p}>
      <input
        {...aria}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        className="pg-number"
        value={text}
        placeholder={
          'default' in p.schema ? String(p.schema.default) : min !== undefined && max !== undefined ? `${min} – ${max}` : undefined
        }
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          const trimmed = t.trim();
          if (trimmed === '') p.onChange(undefined);
          else if (/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed) && Number.isFinite(Number(trimmed))) p.onChange(Number(trimmed));
          else p.onChange(trimmed);
        }}
      />
    </FieldShell>
  );
}

export function BooleanField(p: FieldProps) {
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  const unset = p.value === undefined;
  // Marks the switch as neither on nor off while the argument is left out (only the DOM property can).
  const indeterminate = useCallback(
    (el: HTMLInputElement | null) => {
      if (el) el.indeterminate = unset;
    },
    [unset],
  );
  if (booleanControl(p.schema) === 'select') {
    // Three states: leaving it out is different from false.
    const other = !unset && typeof p.value !== 'boolean';
    return (
      <FieldShell {...p}>
        <select
          {...aria}
          value={unset ? '' : fieldText(p.value)}
          onChange={(e) => p.onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
        >
          <option value="">{notSetLabel(p.schema, p.required)}</option>
          {other && <option value={fieldText(p.value)}>{fieldText(p.value)} (not true or false)</option>}
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      </FieldShell>
    );
  }
  const checked = p.value === true;
  return (
    <FieldShell {...p}>
      <label className="pg-switch">
        <input {...aria} ref={indeterminate} type="checkbox" checked={checked} onChange={(e) => p.onChange(e.target.checked)} />
        <span className="pg-switch-track" aria-hidden="true" />
        <span>
          {unset
            ? `not set (the tool uses ${String(p.schema.default)})`
            : typeof p.value === 'boolean'
              ? String(p.value)
              : `${fieldText(p.value)} (not true or false)`}
        </span>
      </label>
    </FieldShell>
  );
}

/** Enums of any JSON type: options show the JSON, values map back to the exact enum member. */
export function EnumField(p: FieldProps) {
  const options = (p.schema.enum as unknown[]) ?? [];
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  const index = optionIndex(options, p.value);
  // A value from the JSON editor that is none of the choices shows as itself until the user picks one.
  const other = p.value !== undefined && index < 0;
  return (
    <FieldShell {...p}>
      <select
        {...aria}
        value={index >= 0 ? String(index) : other ? 'other' : ''}
        onChange={(e) => {
          if (e.target.value === 'other') return;
          p.onChange(e.target.value === '' ? undefined : options[Number(e.target.value)]);
        }}
      >
        {(!p.required || index < 0) && <option value="">{notSetLabel(p.schema, p.required)}</option>}
        {other && <option value="other">{optionText(p.value)} (not one of the choices)</option>}
        {options.map((o, i) => (
          <option key={optionText(o)} value={String(i)}>
            {optionText(o)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A fixed value: it arrives with the object's starting value (blankValue), so nothing is written here. */
export function ConstField(p: FieldProps) {
  return (
    <FieldShell {...p}>
      <code className="pg-const" id={controlAria(p.tool, p.path, p.schema, p.issues).id}>
        {JSON.stringify(p.schema.const)}
      </code>
    </FieldShell>
  );
}

/** For schemas the form cannot picture (`{}`, custom keywords): a small JSON editor for just this value. */
export function JsonValueField(p: FieldProps) {
  const [text, setText] = useState(p.value === undefined ? '' : JSON.stringify(p.value, null, 2));
  const [error, setError] = useState<string>();
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  return (
    <FieldShell {...p} extra={error && <p className="pg-error-text">{error}</p>}>
      <textarea
        {...aria}
        className="pg-json-small"
        value={text}
        spellCheck={false}
        placeholder="any JSON value"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (text.trim() === '') {
            setError(undefined);
            p.onChange(undefined);
            return;
          }
          try {
            p.onChange(JSON.parse(text));
            setError(undefined);
          } catch (err) {
            setError(`Not valid JSON: ${(err as Error).message}`);
          }
        }}
      />
    </FieldShell>
  );
}
