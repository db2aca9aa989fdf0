/** `companion registry check|add|update|disable|undo`: the registry engine from a terminal or CI. */
import { resolve } from 'node:path';
import { defineCommand, UsageError, type CliIo, type Command } from '../command';
import type { OptionSpecs, OptionValues } from '../options';
import type { EntryChanges, Entry } from '../../../domain/registry-entry';
import type { FixLogoOptions, LogoInput, PlannedChange, WriteOperation, WritePlan } from '../../../registry/index';

const loadRegistry = () => import('../../../registry/index');
const loadFormat = () => import('../../../registry/report-format');

const ROOT_HELP = '<registry-root> is the folder of your copy of the assets repository (it contains "blockchains").';

function rootArg(positionals: readonly string[], usage: string): string {
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? `the registry folder is missing. Usage: ${usage}`
        : `expected one registry folder, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  return resolve(positionals[0]!);
}

function numberOption(name: string, value: string | undefined, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n))) {
    throw new UsageError(`--${name} must be ${integer ? 'a whole number' : 'a number'}, e.g. ${integer ? '3' : '10'}; got "${value}".`);
  }
  return n;
}

/** Refusals caused by the command line itself (a bad --override code, a missing --logo file, a --chain with no folder): bad usage. */
const USAGE_REFUSALS: ReadonlySet<string> = new Set(['invalid-option', 'unknown-chain']);

/** Prints a refusal (RegistryError) as one clear sentence and returns exit code 1 (2 for bad usage); rethrows anything else. */
async function refused(error: unknown, io: CliIo, json: boolean): Promise<number> {
  const { RegistryError } = await loadRegistry();
  if (!(error instanceof RegistryError)) throw error;
  if (json) io.stdout.write(`${JSON.stringify({ ok: false, error: { code: error.code, message: error.message } }, null, 2)}\n`);
  else io.stderr.write(`${error.message}\n`);
  return USAGE_REFUSALS.has(error.code) ? 2 : 1;
}

// ---- check ----

const checkUsage = 'companion registry check <registry-root> [--chain C]... [--all] [--json]';

export const registryCheckCommand = defineCommand({
  path: ['registry', 'check'],
  summary: 'Check validator lists and logos (exit 1 on errors)',
  usage: checkUsage,
  about: `Checks every blockchains/<chain>/validators/list.json and its logos: JSON syntax with line and column,
duplicate keys, ids (with real checksums), websites, descriptions, optional fields, and each logo
(real PNG, not animated, square, 128-512 px, at most 100,000 bytes).
${ROOT_HELP}`,
  options: {
    chain: { type: 'string', value: 'C', multiple: true, description: 'Only this chain folder (repeat for several)' },
    all: { type: 'boolean', description: 'Also print notes (findings that need no action)' },
    json: { type: 'boolean', description: 'Print {"findings":[...],"summary":{...}} instead of text' },
    'history-dir': {
      type: 'string',
      value: 'DIR',
      description: 'Where write history is kept (default: per-user config folder); a write cut short there is rolled back first',
    },
  },
  positionals: true,
  more: 'Exit code: 0 when there are no errors (warnings and notes allowed), 1 when there are errors, 2 on bad usage.',
  async run({ values, positionals }, io) {
    const root = rootArg(positionals, checkUsage);
    const json = values.json ?? false;
    const { checkRegistry } = await loadRegistry();
    const { findingJson, formatFindings, summaryLine } = await loadFormat();
    const tty = !json && (io.stderr as { isTTY?: boolean }).isTTY === true;
    let report;
    try {
      report = await checkRegistry(root, {
        ...(values.chain ? { chains: values.chain } : {}),
        ...(values['history-dir'] ? { historyDir: resolve(values['history-dir']) } : {}),
        ...(tty
          ? {
              onProgress: (e) =>
                e.phase === 'check' && io.stderr.write(`\rChecking ${e.done}/${e.total} ${e.path ?? ''}`.slice(0, 100).padEnd(100)),
            }
          : {}),
      });
    } catch (error) {
      return refused(error, io, json);
    } finally {
      if (tty) io.stderr.write(`\r${' '.repeat(100)}\r`);
    }
    if (report.rolledBack) io.stderr.write(`${(await loadRegistry()).rolledBackMessage(report.rolledBack)}\n`);
    if (json) {
      io.stdout.write(`${JSON.stringify({ findings: report.findings.map(findingJson), summary: report.summary }, null, 2)}\n`);
    } else {
      const text = formatFindings(report.findings, { showInfo: values.all ?? false });
      io.stdout.write(text ? `${text}\n` : '');
      const hidden = values.all || report.summary.infos === 0 ? '' : ' Notes are hidden; add --all to see them.';
      io.stdout.write(`${summaryLine(report.summary)}${hidden}\n`);
    }
    return report.summary.errors > 0 ? 1 : 0;
  },
});

// ---- add / update / disable ----

export const WHICH_OPTIONS = {
  chain: { type: 'string', value: 'C', description: 'Chain folder, e.g. cosmos, tezos, smartchain' },
  id: { type: 'string', value: 'ID', description: "The validator's on-chain id (checked with the chain's real checksum)" },
} as const satisfies OptionSpecs;

/** How a write is done, for add, update and disable. */
export const WRITE_OPTIONS = {
  override: {
    type: 'string',
    value: 'CODE',
    multiple: true,
    description: 'Write even though this error is found (repeatable; see the finding codes in docs/registry-tools.md)',
  },
  'dry-run': { type: 'boolean', description: 'Show the entry, findings, diff and files, and write nothing' },
  'history-dir': {
    type: 'string',
    value: 'DIR',
    description: 'Where previous versions are kept for undo (default: per-user config folder)',
  },
  json: { type: 'boolean', description: 'Print the plan and result as JSON' },
} as const satisfies OptionSpecs;

/** The entry's fields and logo, for add and update. */
export const FIELD_OPTIONS = {
  name: { type: 'string', value: 'N', description: "The validator's name" },
  description: { type: 'string', value: 'D', description: "The validator's description" },
  website: { type: 'string', value: 'URL', description: "The validator's website" },
  commission: { type: 'string', value: 'N', description: 'payout.commission, percent (0-100)' },
  'payout-delay': { type: 'string', value: 'N', description: 'payout.payoutDelay, whole cycles' },
  'payout-period': { type: 'string', value: 'N', description: 'payout.payoutPeriod, whole cycles' },
  'min-delegation': { type: 'string', value: 'N', description: 'staking.minDelegation' },
  logo: { type: 'string', value: 'FILE', description: 'The logo (written to assets/<id>/logo.png)' },
  'fix-logo': {
    type: 'boolean',
    description: 'Convert the logo first: any common image becomes a 256×256 PNG under 100,000 bytes',
  },
  size: { type: 'string', value: 'N', description: 'With --fix-logo: size 128-512 (default 256)' },
  fit: { type: 'string', value: 'F', description: 'With --fix-logo: fit cover (crop, default) or contain (pad)' },
} as const satisfies OptionSpecs;

/** add and update take the same options; update needs only --chain and --id. */
const ENTRY_OPTIONS = { ...WHICH_OPTIONS, ...FIELD_OPTIONS, ...WRITE_OPTIONS } as const satisfies OptionSpecs;

export const NOTE_OPTION = {
  note: { type: 'string', value: 'TEXT', description: 'Why it is disabled (shown to reviewers)' },
} as const satisfies OptionSpecs;

type EntryValues = OptionValues<typeof WHICH_OPTIONS & typeof FIELD_OPTIONS>;

function required<V extends Record<string, unknown>>(values: V, names: readonly (keyof V & string)[], usage: string): void {
  const missing = names.filter((n) => values[n] === undefined);
  if (missing.length) throw new UsageError(`missing ${missing.map((n) => `--${n}`).join(', ')}. Usage: ${usage}`);
}

function payoutOf(values: EntryValues): Entry['payout'] {
  const payout = {
    commission: numberOption('commission', values.commission, false),
    payoutDelay: numberOption('payout-delay', values['payout-delay'], true),
    payoutPeriod: numberOption('payout-period', values['payout-period'], true),
  };
  return Object.values(payout).some((v) => v !== undefined) ? payout : undefined;
}

function logoOf(values: EntryValues): LogoInput | undefined {
  if (values.logo === undefined) {
    if (values['fix-logo'] || values.size || values.fit) throw new UsageError('--fix-logo, --size and --fit need --logo FILE.');
    return undefined;
  }
  if (!values['fix-logo'] && (values.size || values.fit)) throw new UsageError('--size and --fit apply to --fix-logo; add --fix-logo.');
  const fix: FixLogoOptions = {};
  if (values.size !== undefined) fix.size = numberOption('size', values.size, true)!;
  if (values.fit !== undefined) {
    if (values.fit !== 'cover' && values.fit !== 'contain')
      throw new UsageError(`--fit must be "cover" or "contain", got "${values.fit}".`);
    fix.fit = values.fit;
  }
  return { source: resolve(values.logo), ...(values['fix-logo'] ? { fix } : {}) };
}

/** The add operation the flags describe (shared by `registry add` and `registry submit add`). */
export function addOperation(values: EntryValues, usage: string): WriteOperation {
  required(values, ['chain', 'id', 'name', 'description', 'website'], usage);
  const payout = payoutOf(values);
  const minDelegation = numberOption('min-delegation', values['min-delegation'], false);
  const logo = logoOf(values);
  return {
    kind: 'add',
    chain: values.chain!,
    entry: {
      id: values.id!,
      name: values.name!,
      description: values.description!,
      website: values.website!,
      ...(payout ? { payout } : {}),
      ...(minDelegation !== undefined ? { staking: { minDelegation } } : {}),
    },
    ...(logo ? { logo } : {}),
  };
}

/** The update operation the flags describe. */
export function updateOperation(values: EntryValues, usage: string): WriteOperation {
  required(values, ['chain', 'id'], usage);
  const changes: EntryChanges = {};
  if (values.name !== undefined) changes.name = values.name;
  if (values.description !== undefined) changes.description = values.description;
  if (values.website !== undefined) changes.website = values.website;
  const payout = payoutOf(values);
  if (payout) changes.payout = payout;
  const minDelegation = numberOption('min-delegation', values['min-delegation'], false);
  if (minDelegation !== undefined) changes.staking = { minDelegation };
  const logo = logoOf(values);
  if (Object.keys(changes).length === 0 && !logo)
    throw new UsageError(
      'nothing to change: give at least one of --name, --description, --website, --commission, --payout-delay, --payout-period, --min-delegation, --logo.',
    );
  return { kind: 'update', chain: values.chain!, id: values.id!, changes, ...(logo ? { logo } : {}) };
}

/** The disable operation the flags describe. */
export function disableOperation(values: OptionValues<typeof WHICH_OPTIONS & typeof NOTE_OPTION>, usage: string): WriteOperation {
  required(values, ['chain', 'id', 'note'], usage);
  if (values.note!.trim() === '') throw new UsageError('--note must say why the validator is disabled.');
  return { kind: 'disable', chain: values.chain!, id: values.id!, note: values.note! };
}

export async function printPlan(plan: PlannedChange, io: CliIo): Promise<void> {
  const { formatFindings, countsLine } = await loadFormat();
  const { countFindings } = await loadRegistry();
  const out: string[] = [plan.summary, '', 'Entry:', `    ${plan.entryJson}`, ''];
  if (plan.logoFix) {
    const { before, after, notes } = plan.logoFix;
    out.push(
      `Logo fixed: ${countsLine(countFindings(before.findings))} before, ${countsLine(countFindings(after.findings))} after.`,
      ...notes.map((n) => `  ${n}`),
      '',
    );
  }
  if (plan.findings.length) out.push('Findings:', formatFindings(plan.findings, { showInfo: true }).trimEnd(), '');
  if (plan.diff) out.push(plan.diff.trimEnd(), '');
  out.push(
    'Files:',
    ...plan.files.map((f) => `  ${f.path} (${f.before ? 'changed' : 'new'}, ${f.after.length.toLocaleString('en-US')} bytes)`),
  );
  if (plan.files.length === 0) out.push('  (nothing changes)');
  io.stdout.write(`${out.join('\n')}\n`);
}

export function planFields(plan: PlannedChange, findingJson: (f: PlannedChange['findings'][number]) => unknown): Record<string, unknown> {
  return {
    summary: plan.summary,
    chain: plan.chain,
    id: plan.id,
    entry: plan.entry,
    findings: plan.findings.map(findingJson),
    blocking: plan.blocking.map((f) => f.code),
    overrides: plan.overrides,
    files: plan.files.map((f) => ({ path: f.path, new: f.before === null, bytes: f.after.length })),
    diff: plan.diff,
  };
}

function planJson(plan: WritePlan, extra: Record<string, unknown>, findingJson: (f: WritePlan['findings'][number]) => unknown): string {
  return `${JSON.stringify({ ...extra, ...planFields(plan, findingJson) }, null, 2)}\n`;
}

type WriteFlags = OptionValues<typeof WRITE_OPTIONS>;

/** Plans, prints, and (unless --dry-run or blocked) writes. */
async function planAndWrite(root: string, operation: WriteOperation, values: WriteFlags, io: CliIo): Promise<number> {
  const json = values.json ?? false;
  const { planWrite, applyWrite } = await loadRegistry();
  const { findingJson } = await loadFormat();
  const historyDir = values['history-dir'] ? { historyDir: resolve(values['history-dir']) } : {};
  try {
    const plan = await planWrite(root, operation, { override: values.override ?? [], ...historyDir });
    const blocked = plan.blocking.length > 0;
    if (blocked || values['dry-run']) {
      if (json) io.stdout.write(planJson(plan, { ok: !blocked, written: false }, findingJson));
      else {
        await printPlan(plan, io);
        io.stdout.write(
          blocked
            ? `\nNothing was written: fix the errors above, or accept a check knowingly with --override CODE (${[...new Set(plan.blocking.map((f) => f.code))].join(', ')}).\n`
            : '\nDry run: nothing was written.\n',
        );
      }
      return blocked ? 1 : 0;
    }
    const applied = await applyWrite(plan, historyDir);
    if (applied.rolledBack) io.stderr.write(`${(await loadRegistry()).rolledBackMessage(applied.rolledBack)}\n`);
    if (json) io.stdout.write(planJson(plan, { ok: true, written: true, operationId: applied.operationId }, findingJson));
    else {
      await printPlan(plan, io);
      io.stdout.write(
        applied.written.length
          ? `\nWritten. To open the pull request: companion registry push "${root}". To undo: companion registry undo "${root}" --operation ${applied.operationId}\n`
          : '\nNothing to write: the files already say this.\n',
      );
    }
    return 0;
  } catch (error) {
    return refused(error, io, json);
  }
}

const addUsage =
  'companion registry add <registry-root> --chain C --id ID --name N --description D --website URL [--commission N] [--payout-delay N] [--payout-period N] [--min-delegation N] --logo FILE [--fix-logo] [--json]';

export const registryAddCommand = defineCommand({
  path: ['registry', 'add'],
  summary: 'Add a validator and its logo (checks first; writes nothing if anything is wrong)',
  usage: addUsage,
  about: `Appends the entry at the end of the chain's list.json, keeping the file's own formatting (the diff
only adds lines), and writes the logo. Everything is checked first; if there is any error nothing is
written. Each write is atomic and the previous version is kept, so "companion registry undo" can revert it.
${ROOT_HELP}`,
  options: ENTRY_OPTIONS,
  positionals: true,
  async run({ values, positionals }, io) {
    const root = rootArg(positionals, addUsage);
    const operation = addOperation(values, addUsage);
    return planAndWrite(root, operation, values, io);
  },
});

const updateUsage =
  'companion registry update <registry-root> --chain C --id ID [--name N] [--description D] [--website URL] [--commission N] [--payout-delay N] [--payout-period N] [--min-delegation N] [--logo FILE [--fix-logo]] [--json]';

export const registryUpdateCommand = defineCommand({
  path: ['registry', 'update'],
  summary: 'Change fields or the logo of an existing validator, in place',
  usage: updateUsage,
  about: `Changes only the fields given; the entry stays where it is in list.json. Errors that the change would
introduce stop the write; problems the entry already had are shown but do not.
${ROOT_HELP}
The options are those of "companion registry add", all optional except --chain and --id.`,
  options: ENTRY_OPTIONS,
  positionals: true,
  async run({ values, positionals }, io) {
    const root = rootArg(positionals, updateUsage);
    const operation = updateOperation(values, updateUsage);
    return planAndWrite(root, operation, values, io);
  },
});

const disableUsage = 'companion registry disable <registry-root> --chain C --id ID --note TEXT [--json]';

export const registryDisableCommand = defineCommand({
  path: ['registry', 'disable'],
  summary: 'Mark a validator inactive (status.disabled) with a note',
  usage: disableUsage,
  about: `Sets "status": {"disabled": true, "note": TEXT} on the entry, in place.
${ROOT_HELP}`,
  options: { ...WHICH_OPTIONS, ...NOTE_OPTION, ...WRITE_OPTIONS },
  positionals: true,
  async run({ values, positionals }, io) {
    const root = rootArg(positionals, disableUsage);
    return planAndWrite(root, disableOperation(values, disableUsage), values, io);
  },
});

// ---- undo ----

const undoUsage = 'companion registry undo <registry-root> [--operation ID] [--list] [--history-dir DIR] [--json]';

export const registryUndoCommand = defineCommand({
  path: ['registry', 'undo'],
  summary: 'Undo the last registry write (or list the writes that can be undone)',
  usage: undoUsage,
  about: `Restores the files of the most recent add, update or disable to exactly their previous bytes. It refuses
if a file was changed after that write (undoing would lose the later change). An undo can itself be
undone with --operation <id of the undo>.
${ROOT_HELP}`,
  options: {
    operation: { type: 'string', value: 'ID', description: 'Undo this operation instead of the most recent one' },
    list: { type: 'boolean', description: 'List the recorded operations, newest first, and change nothing' },
    'history-dir': { type: 'string', value: 'DIR', description: 'Where previous versions are kept (default: per-user config folder)' },
    json: { type: 'boolean', description: 'Print JSON' },
  },
  positionals: true,
  async run({ values, positionals }, io) {
    const root = rootArg(positionals, undoUsage);
    const json = values.json ?? false;
    const { registryHistory, undo } = await loadRegistry();
    const historyDir = values['history-dir'] ? { historyDir: resolve(values['history-dir']) } : {};
    if (values.list) {
      const records = await registryHistory(root, historyDir);
      if (json) io.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
      else if (records.length === 0) io.stdout.write('No recorded writes for this registry.\n');
      else
        io.stdout.write(
          `${records.map((r) => `${r.id}  ${r.time}  ${r.summary}${r.undoneBy ? `  (undone by ${r.undoneBy})` : ''}`).join('\n')}\n`,
        );
      return 0;
    }
    try {
      const result = await undo(root, { ...historyDir, ...(values.operation ? { operationId: values.operation } : {}) });
      if (json)
        io.stdout.write(
          `${JSON.stringify({ ok: true, undone: result.undone.id, operationId: result.operationId, restored: result.restored }, null, 2)}\n`,
        );
      else
        io.stdout.write(
          `Undone: ${result.undone.summary}\nRestored: ${result.restored.join(', ') || '(files were already as before)'}\nTo redo: companion registry undo "${root}" --operation ${result.operationId}\n`,
        );
      return 0;
    } catch (error) {
      return refused(error, io, json);
    }
  },
});

export const registryCommands: readonly Command[] = [
  registryCheckCommand,
  registryAddCommand,
  registryUpdateCommand,
  registryDisableCommand,
  registryUndoCommand,
];
