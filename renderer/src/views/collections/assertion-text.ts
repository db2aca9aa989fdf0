/** An assertion in a few words, as the item list shows it: `equals 3 at /structuredContent/price`. */
import type { Assertion } from '../../../../domain/collections/format';

const short = (value: unknown, max = 60): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};
const at = (pointer: string | undefined) => (pointer === undefined ? '' : ` at ${pointer || '/'}`);
const bounds = (min?: number, max?: number) =>
  min !== undefined && max !== undefined ? `${min}–${max}` : min !== undefined ? `≥ ${min}` : max !== undefined ? `≤ ${max}` : 'any';

export function describeAssertion(a: Assertion): string {
  switch (a.assert) {
    case 'success':
      return 'succeeds';
    case 'failure':
      return a.code === undefined ? 'fails' : `fails with JSON-RPC error ${a.code}`;
    case 'equals':
      return `equals ${short(a.value)}${at(a.pointer)}`;
    case 'contains':
      return `contains ${short(a.value)}${at(a.pointer)}`;
    case 'matches':
      return `matches /${a.pattern}/${a.flags ?? ''}${at(a.pointer)}`;
    case 'exists':
      return `${a.exists === false ? 'nothing' : 'something'} exists${at(a.pointer)}`;
    case 'type':
      return `is ${a.type === 'integer' || a.type === 'array' || a.type === 'object' ? 'an' : 'a'} ${a.type}${at(a.pointer)}`;
    case 'range':
      return `number in ${bounds(a.min, a.max)}${at(a.pointer)}`;
    case 'length':
      return `length ${bounds(a.min, a.max)}${at(a.pointer)}`;
    case 'schema':
      return "fits the tool's output schema";
    case 'snapshot':
      return `matches the snapshot${at(a.pointer)}${a.ignore?.length ? ` (ignoring ${a.ignore.length} place${a.ignore.length === 1 ? '' : 's'})` : ''}`;
    case 'latency':
      return `answers within ${a.maxMs} ms`;
  }
}
