/**
 * Rules for one validator entry, usable on a list.json element or on a form value (live validation:
 * every finding carries the `field` it is about). Id validity comes from the shared domain module only.
 */
import { checkValidatorId, getRegistryChain } from '../domain/index';
import {
  DESCRIPTION_MAX,
  ENTRY_FIELD_TYPES,
  ENTRY_GROUP_FIELDS,
  ENTRY_GROUP_NAMES,
  ENTRY_KEYS,
  ENTRY_TEXT_FIELDS,
  NAME_MAX,
  registryTypeProblem,
  type EntryFieldPath,
  type EntryGroup,
} from '../domain/registry-entry';
import { finding, type Finding, type FindingPlace } from './findings';
import { folderNameProblem } from '../domain/folder-name';
import { rel } from './layout';
import type { EntrySpan } from './list-reader';
import { checkText } from './text-rules';
import type { Position } from './text-position';
import { checkWebsite } from './website-rule';

const TOP_FIELDS = new Set<string>(ENTRY_KEYS);
const SUB_FIELDS: Readonly<Record<EntryGroup, readonly string[]>> = ENTRY_GROUP_FIELDS;

export interface CheckEntryOptions {
  /** Where the entry lives; defaults to the chain's list.json. */
  path?: string;
  /** Positions of the entry and its fields in list.json, for line/column in findings, and numbers as written. */
  span?: Pick<EntrySpan, 'line' | 'fields'> & Partial<Pick<EntrySpan, 'numbers'>>;
  /** Ids already in the chain (for a new entry: all of them; when editing: all but this one). */
  existingIds?: ReadonlySet<string>;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const typeName = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
const length = (s: string) => [...s].length;

export function checkEntry(chain: string, entry: unknown, options: CheckEntryOptions = {}): Finding[] {
  const path = options.path ?? rel.list(chain);
  const fields: Readonly<Record<string, Position>> = options.span?.fields ?? {};
  const entryLine = options.span ? { line: options.span.line } : {};
  const id = isObject(entry) && typeof entry['id'] === 'string' ? entry['id'] : null;
  const at = (field?: string): FindingPlace => {
    const pos = field ? (fields[field] ?? fields[field.split('.')[0]!]) : undefined;
    return { path, chain, id, ...(field ? { field } : {}), ...(pos ?? entryLine) };
  };
  if (!isObject(entry)) {
    return [
      finding(
        'entry-not-object',
        at(),
        `This element of the list is ${typeName(entry)}, not a validator entry. Each element must be { "id": …, "name": …, "description": …, "website": … }.`,
      ),
    ];
  }

  const out: Finding[] = [];
  const strings: Partial<Record<(typeof ENTRY_TEXT_FIELDS)[number], string>> = {};
  for (const key of ENTRY_TEXT_FIELDS) {
    const value = entry[key];
    if (value === undefined) out.push(finding('field-missing', at(key), `The required field "${key}" is missing. Add it as text.`));
    else if (typeof value !== 'string')
      out.push(finding('field-type', at(key), `"${key}" must be text in double quotes, but it is ${typeName(value)}.`));
    else strings[key] = value;
  }

  if (strings.id !== undefined) out.push(...checkId(chain, strings.id, at('id'), options.existingIds));
  if (strings.name !== undefined) {
    if (strings.name.trim() === '')
      out.push(finding('name-empty', at('name'), 'The name is empty. Enter the validator name as it should appear in the wallet.'));
    else if (length(strings.name) > NAME_MAX)
      out.push(
        finding(
          'name-too-long',
          at('name'),
          `The name has ${length(strings.name)} characters; the wallet shows about ${NAME_MAX}. Use a shorter name.`,
        ),
      );
    out.push(...checkText(strings.name, 'The name', at('name')));
  }
  if (strings.description !== undefined) {
    if (strings.description.trim() === '')
      out.push(
        finding(
          'description-empty',
          at('description'),
          'The description is empty. Write a sentence or two about the validator; reviewers reject empty descriptions.',
        ),
      );
    else if (length(strings.description) > DESCRIPTION_MAX)
      out.push(
        finding(
          'description-too-long',
          at('description'),
          `The description has ${length(strings.description)} characters. Keep it under ${DESCRIPTION_MAX}: the wallet shows a short summary.`,
        ),
      );
    out.push(...checkText(strings.description, 'The description', at('description')));
  }
  if (strings.website !== undefined) out.push(...checkWebsite(strings.website, at('website')));

  for (const key of ENTRY_GROUP_NAMES) {
    const value = entry[key];
    if (value === undefined) continue;
    if (!isObject(value)) {
      out.push(finding('field-type', at(key), `"${key}" must be an object like { … }, but it is ${typeName(value)}.`));
      continue;
    }
    out.push(...checkOptional(key, value, at, options.span?.numbers ?? {}));
    for (const sub of Object.keys(value)) {
      if (!SUB_FIELDS[key].includes(sub))
        out.push(
          finding(
            'field-unknown',
            at(`${key}.${sub}`),
            `"${key}.${sub}" is not a field of the registry format (known: ${SUB_FIELDS[key].join(', ')}). The wallet ignores it; remove it unless this chain's other entries use it.`,
          ),
        );
    }
  }
  for (const key of Object.keys(entry)) {
    if (!TOP_FIELDS.has(key))
      out.push(
        finding(
          'field-unknown',
          at(key),
          `"${key}" is not a field of the registry format. The wallet ignores it; remove it unless this chain's other entries use it.`,
        ),
      );
  }
  return out;
}

function checkId(chain: string, id: string, place: FindingPlace, existingIds: ReadonlySet<string> | undefined): Finding[] {
  if (id.trim() === '')
    return [finding('id-invalid', place, "The id is empty. Enter the validator's on-chain id (operator address or public key).")];
  const out: Finding[] = [];
  const known = getRegistryChain(chain);
  if (known) {
    const result = checkValidatorId(chain, id);
    if (!result.ok) {
      out.push(
        finding(
          'id-invalid',
          place,
          `"${id}" is not a valid ${known.name} validator id: ${result.message}. ${known.name} ids look like ${known.exampleId}.`,
        ),
      );
    } else if (result.value !== id) {
      out.push(
        finding(
          'id-not-normalised',
          place,
          `The id is valid but should be written as ${result.value}; the logo folder must use exactly the same spelling.`,
        ),
      );
    }
  } else {
    out.push(
      finding(
        'id-unchecked',
        place,
        `"${id.slice(0, 80)}" was not checked: "${chain}" is not one of the registry's chains, so its id format is unknown. Check the chain folder's name (for example "smartchain", not "bsc").`,
      ),
    );
  }
  const folderProblem = folderNameProblem(id);
  if (folderProblem && !out.some((f) => f.code === 'id-invalid')) {
    out.push(
      finding(
        'id-invalid',
        place,
        `${JSON.stringify(id.slice(0, 60))} cannot be used as an id: it ${folderProblem}, and the id becomes the logo's folder name on every computer that clones the registry.`,
      ),
    );
  }
  if (existingIds?.has(id)) {
    out.push(
      finding(
        'id-duplicate',
        place,
        `Another entry in this chain already has the id ${id}. Each validator appears once: update the existing entry instead of adding a new one.`,
      ),
    );
  }
  return out;
}

function checkOptional(
  key: EntryGroup,
  value: Obj,
  at: (field: string) => FindingPlace,
  numbers: Readonly<Record<string, string>>,
): Finding[] {
  const out: Finding[] = [];
  /** What the registry's CI would refuse in this field, in words, or null. */
  const problem = (field: EntryFieldPath) => registryTypeProblem(ENTRY_FIELD_TYPES[field], value[field.split('.')[1]!], numbers[field]);
  /** The value as written in list.json (1e400 stays 1e400, not "null"). */
  const shown = (field: EntryFieldPath) => numbers[field] ?? JSON.stringify(value[field.split('.')[1]!]) ?? 'nothing';
  if (key === 'payout') {
    const c = value['commission'];
    if (c !== undefined) {
      const why = problem('payout.commission');
      if (typeof c !== 'number' || why || c < 0 || c > 100) {
        out.push(
          finding(
            'commission-invalid',
            at('payout.commission'),
            `payout.commission must be a number from 0 to 100 (the percentage, 10 means 10%), but it is ${shown('payout.commission')}${why && typeof c === 'number' ? `: ${why}, and the registry's CI rejects it` : ''}.`,
          ),
        );
      } else if (!Number.isInteger(c)) {
        out.push(
          finding(
            'commission-not-integer',
            at('payout.commission'),
            `payout.commission is ${c}; the spec asks for a whole number (for example ${Math.round(c)}). The registry accepts decimals, but reviewers may ask you to round it.`,
          ),
        );
      }
    }
    for (const sub of ['payoutDelay', 'payoutPeriod'] as const) {
      const v = value[sub];
      if (v === undefined) continue;
      const why = problem(`payout.${sub}`);
      if (v === null || why || (v as number) < 0)
        out.push(
          finding(
            'payout-period-invalid',
            at(`payout.${sub}`),
            `payout.${sub} must be a whole number of cycles, 0 or more, but it is ${shown(`payout.${sub}`)}${why && typeof v === 'number' ? `: ${why}. The registry's CI reads it as a 64-bit whole number and rejects the file` : ''}.`,
          ),
        );
    }
  } else if (key === 'staking') {
    const v = value['minDelegation'];
    if (v !== undefined) {
      const why = problem('staking.minDelegation');
      if (v === null || why || (v as number) < 0)
        out.push(
          finding(
            'min-delegation-invalid',
            at('staking.minDelegation'),
            `staking.minDelegation must be a whole number, 0 or more (the minimum amount to delegate, in the chain's whole units), but it is ${shown('staking.minDelegation')}${why && typeof v === 'number' ? `: ${why}. The registry's CI reads it as a 64-bit whole number and rejects the file` : ''}.`,
          ),
        );
    }
    for (const field of ['staking.freeSpace', 'staking.openForDelegation'] as const) {
      const why = problem(field);
      if (why)
        out.push(
          finding(
            'staking-invalid',
            at(field),
            `${field} must be ${ENTRY_FIELD_TYPES[field] === 'bool' ? 'true or false (without quotes)' : 'a whole number'}, but ${why}. The registry's CI cannot read it and rejects the file.`,
          ),
        );
    }
  } else {
    const d = value['disabled'];
    if (d !== undefined && typeof d !== 'boolean')
      out.push(
        finding(
          'status-invalid',
          at('status.disabled'),
          `status.disabled must be true or false (without quotes), but it is ${shown('status.disabled')}.`,
        ),
      );
    const n = value['note'];
    if (n !== undefined && typeof n !== 'string')
      out.push(finding('status-invalid', at('status.note'), `status.note must be text in double quotes, but it is ${typeName(n)}.`));
    else if (typeof n === 'string') out.push(...checkText(n, 'The status note', at('status.note')));
  }
  return out;
}

/** All entries of one list: each entry's rules plus id uniqueness across the chain. */
export function checkEntries(
  chain: string,
  entries: readonly unknown[],
  spans: readonly EntrySpan[] = [],
  path = rel.list(chain),
): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const span = spans[i];
    out.push(...checkEntry(chain, entry, { path, ...(span ? { span } : {}), existingIds: seen }));
    if (isObject(entry) && typeof entry['id'] === 'string') seen.add(entry['id']);
  });
  return out;
}
