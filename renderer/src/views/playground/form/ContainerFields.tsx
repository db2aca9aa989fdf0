import type { FieldProps } from './field-props';
import { FieldShell, controlAria } from './FieldShell';
import { useNestedField } from './nested-field';
import { pointerOf, type IssueMap } from './form-value';
import { notSetLabel } from './picker-model';
import { blankValue, kindOf, pickVariant, propertiesOf, requiredOf, resolve, variantsOf, type Schema } from './schema-model';

/** The properties of an object, each as its own field; required ones first, in schema order otherwise. */
export function ObjectProperties(p: Omit<FieldProps, 'label' | 'required'>) {
  const SchemaField = useNestedField();
  const value = (p.value !== null && typeof p.value === 'object' && !Array.isArray(p.value) ? p.value : {}) as Record<string, unknown>;
  const required = requiredOf(p.schema);
  const props = propertiesOf(p.schema, p.root);
  if (props.length === 0) return <p className="muted pg-small">No arguments: run it as it is.</p>;
  return (
    <div className="pg-fields">
      {props.map(([key, schema]) => (
        <SchemaField
          key={key}
          {...p}
          schema={schema}
          path={[...p.path, key]}
          label={typeof schema.title === 'string' && p.path.length > 0 ? schema.title : key}
          required={required.has(key)}
          value={value[key]}
          onChange={(v) => {
            const next = { ...value };
            if (v === undefined) delete next[key];
            else next[key] = v;
            p.onChange(next);
          }}
        />
      ))}
    </div>
  );
}

/** A nested object: a framed group; an optional one can be left out entirely. */
export function ObjectField(p: FieldProps) {
  const present = p.value !== undefined;
  return (
    <FieldShell
      {...p}
      asGroup
      trailing={
        !p.required &&
        (present ? (
          <button type="button" className="pg-link-button" onClick={() => p.onChange(undefined)}>
            Leave out
          </button>
        ) : (
          <button type="button" className="pg-link-button" onClick={() => p.onChange(blankValue(p.schema, p.root))}>
            Add {p.label}
          </button>
        ))
      }
    >
      {present || p.required ? (
        <fieldset className="pg-object" aria-labelledby={`${controlAria(p.tool, p.path, p.schema, p.issues).id}-label`}>
          <ObjectProperties {...p} />
        </fieldset>
      ) : null}
    </FieldShell>
  );
}

/** A list: each item edited with its own field, add and remove, and the schema's item limits enforced. */
export function ArrayField(p: FieldProps) {
  const SchemaField = useNestedField();
  const items: unknown[] = Array.isArray(p.value) ? p.value : [];
  const itemSchema = resolve(p.schema.items ?? {}, p.root);
  const max = typeof p.schema.maxItems === 'number' ? p.schema.maxItems : undefined;
  const min = typeof p.schema.minItems === 'number' ? p.schema.minItems : 0;
  const full = max !== undefined && items.length >= max;
  const change = (next: unknown[]) => p.onChange(next.length === 0 && !p.required ? undefined : next);
  // Lists of choices are a set of checkboxes.
  if (kindOf(itemSchema) === 'enum') {
    const options = itemSchema.enum as unknown[];
    return (
      <FieldShell {...p} asGroup>
        <div className="pg-checks" role="group" aria-labelledby={`${controlAria(p.tool, p.path, p.schema, p.issues).id}-label`}>
          {options.map((o) => {
            const on = items.some((i) => JSON.stringify(i) === JSON.stringify(o));
            const label = typeof o === 'string' ? o : JSON.stringify(o);
            return (
              <label key={label} className={on ? 'pg-chip on' : 'pg-chip'}>
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && full}
                  onChange={() => change(on ? items.filter((i) => JSON.stringify(i) !== JSON.stringify(o)) : [...items, o])}
                />
                {label}
              </label>
            );
          })}
        </div>
      </FieldShell>
    );
  }
  return (
    <FieldShell
      {...p}
      asGroup
      trailing={
        <span className={full ? 'pg-count warn' : 'pg-count'}>
          {items.length}
          {max !== undefined ? ` / ${max}` : ''} item{items.length === 1 ? '' : 's'}
        </span>
      }
    >
      <ol className="pg-array list-rows">
        {items.map((item, index) => (
          <li key={index} className="pg-array-item">
            <div className="pg-array-body">
              <SchemaField
                {...p}
                schema={itemSchema}
                path={[...p.path, index]}
                label={`${p.label}[${index}]`}
                required
                value={item}
                onChange={(v) => change(items.map((old, i) => (i === index ? v : old)))}
              />
            </div>
            <button
              type="button"
              className="pg-icon-button"
              aria-label={`Remove ${p.label}[${index}]`}
              title="Remove"
              onClick={() => change(items.filter((_, i) => i !== index))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <div className="row">
        <button type="button" className="button small" disabled={full} onClick={() => change([...items, blankValue(itemSchema, p.root)])}>
          + Add item
        </button>
        {full && <span className="pg-small warn-text">The maximum is {max} items.</span>}
        {!full && min > items.length && <span className="pg-small muted">At least {min}.</span>}
      </div>
    </FieldShell>
  );
}

function withoutPointer(issues: IssueMap, pointer: string): IssueMap {
  const copy = new Map(issues);
  copy.delete(pointer);
  return copy;
}

/** oneOf / anyOf / type lists: pick the shape, then fill it in. Until a shape is picked the value is left out. */
export function UnionField(p: FieldProps) {
  const SchemaField = useNestedField();
  const variants = variantsOf(p.schema, p.root);
  const chosen = pickVariant(variants, p.value, p.root);
  const variant = chosen >= 0 ? variants[chosen] : undefined;
  const aria = controlAria(p.tool, [...p.path, '$variant'], p.schema, p.issues);
  const stray = p.value !== undefined && chosen < 0;
  return (
    <FieldShell {...p} asGroup>
      <div className="pg-union">
        <label className="pg-small muted" htmlFor={aria.id}>
          Type
        </label>
        <select
          id={aria.id}
          value={chosen < 0 ? '' : String(chosen)}
          onChange={(e) =>
            p.onChange(
              e.target.value === '' ? undefined : blankValue((variants[Number(e.target.value)] as { schema: Schema }).schema, p.root),
            )
          }
        >
          <option value="">{stray ? '— matches none of these types —' : notSetLabel(p.schema, p.required)}</option>
          {variants.map((v, i) => (
            <option key={`${i}-${v.label}`} value={String(i)}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
      {stray && (
        <p className="pg-verdict warn">
          The value <code>{preview(p.value)}</code> is none of these types: choose one to start it again, or edit it as JSON.
        </p>
      )}
      {variant && kindOf(variant.schema) === 'object' && (
        <fieldset className="pg-object pg-union-body">
          <ObjectProperties {...p} schema={variant.schema} />
        </fieldset>
      )}
      {variant && kindOf(variant.schema) !== 'object' && kindOf(variant.schema) !== 'null' && (
        <div className="pg-union-body">
          {/* This shell already shows the messages for the value itself. */}
          {/* eslint-disable-next-line react-hooks/static-components -- SchemaField comes from context: one module-level component, not made here. */}
          <SchemaField
            {...p}
            schema={variant.schema}
            label={`${p.label} (${variant.label})`}
            required
            issues={withoutPointer(p.issues, pointerOf(p.path))}
          />
        </div>
      )}
    </FieldShell>
  );
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
