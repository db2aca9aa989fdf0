import type { ReactNode } from 'react';
import { describeBounds, kindOf, type Schema } from './schema-model';
import { fieldId, pointerOf, type IssueMap, type Path } from './form-value';

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  enum: 'choice',
  const: 'fixed',
  array: 'list',
  object: 'object',
  union: 'one of',
  null: 'null',
  any: 'JSON',
};

export function typeHint(schema: Schema): string {
  const kind = kindOf(schema);
  const parts = [TYPE_NAMES[kind] ?? kind];
  const bounds = describeBounds(schema);
  if (bounds) parts.push(bounds);
  if ('default' in schema) parts.push(`default ${JSON.stringify(schema.default)}`);
  if (typeof schema.pattern === 'string') parts.push(`pattern ${schema.pattern}`);
  if (typeof schema.format === 'string') parts.push(`format ${schema.format}`);
  return parts.join(' · ');
}

export function fieldIds(tool: string, path: Path) {
  const id = fieldId(tool, path);
  return { id, descId: `${id}-desc`, errId: `${id}-err` };
}

export function issuesAt(issues: IssueMap, path: Path): readonly string[] {
  return issues.get(pointerOf(path)) ?? [];
}

/**
 * A field's frame: its label with a required marker, type and bounds, the description, the control, and
 * the validation messages main reported for it.
 */
export function FieldShell(props: {
  tool: string;
  path: Path;
  label: string;
  required: boolean;
  schema: Schema;
  issues: IssueMap;
  children: ReactNode;
  extra?: ReactNode;
  asGroup?: boolean;
  trailing?: ReactNode;
}) {
  const { id, descId, errId } = fieldIds(props.tool, props.path);
  const messages = issuesAt(props.issues, props.path);
  const description = typeof props.schema.description === 'string' ? props.schema.description : undefined;
  const labelText = (
    <>
      <span className="pg-field-name">{props.label}</span>{' '}
      {props.required ? (
        <span className="pg-required" title="required">
          *<span className="visually-hidden"> (required)</span>
        </span>
      ) : (
        <span className="pg-optional">optional</span>
      )}{' '}
      <span className="pg-type">{typeHint(props.schema)}</span>
    </>
  );
  return (
    <div className={messages.length > 0 ? 'pg-field invalid' : 'pg-field'} data-pointer={pointerOf(props.path)}>
      <div className="pg-field-head">
        {props.asGroup ? (
          <span className="pg-field-label" id={`${id}-label`}>
            {labelText}
          </span>
        ) : (
          <label className="pg-field-label" htmlFor={id}>
            {labelText}
          </label>
        )}
        {props.trailing}
      </div>
      {description && (
        <p className="pg-field-desc" id={descId}>
          {description}
        </p>
      )}
      {props.children}
      {props.extra}
      {messages.length > 0 && (
        <ul className="pg-field-errors" id={errId}>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** aria attributes linking a control to its description and errors. */
export function controlAria(tool: string, path: Path, schema: Schema, issues: IssueMap) {
  const { id, descId, errId } = fieldIds(tool, path);
  const invalid = issuesAt(issues, path).length > 0;
  const described = [typeof schema.description === 'string' ? descId : undefined, invalid ? errId : undefined].filter(Boolean).join(' ');
  return { id, 'aria-invalid': invalid || undefined, ...(described ? { 'aria-describedby': described } : {}) } as const;
}
