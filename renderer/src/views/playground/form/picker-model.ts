/**
 * What a picker (a select, a switch, a union's type) shows is exactly the form's value: an argument that
 * is not set shows a placeholder saying what leaving it out means, never a default or a first option as
 * if it had been chosen; a value that is none of the options (from the JSON editor or history) shows as
 * itself.
 */
import type { Schema } from './schema-model';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The option a value is, by JSON equality; -1 when the value is not set or is none of the options. */
export function optionIndex(options: readonly unknown[], value: unknown): number {
  return value === undefined ? -1 : options.findIndex((o) => same(o, value));
}

/** A value as an option's text: strings as they are, anything else as JSON. */
export const optionText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The placeholder of a select whose argument is not set: the default the tool applies, or that nothing is chosen yet. */
export function notSetLabel(schema: Schema, required: boolean): string {
  if ('default' in schema) return `— not set: the tool uses ${optionText(schema.default)} —`;
  return required ? '— choose one —' : '— not set —';
}

/**
 * The control for a yes/no argument: a switch only when the argument has a default, so that leaving it
 * out and false mean the same; otherwise a select whose empty choice says it is not set.
 */
export function booleanControl(schema: Schema): 'switch' | 'select' {
  return typeof schema.default === 'boolean' ? 'switch' : 'select';
}
