/**
 * Which steps are complete, and in plain words why a step is not: the Next button and the stepper
 * both use this, so a blocked Next always says what to do.
 */
import type { LogoRef, RegistryFinding, WizardOperation } from '../../../../domain/ipc/registry-channels';
import { EDITABLE_TEXT_FIELDS, ENTRY_GROUP_NAMES } from '../../../../domain/registry-entry';
import { STEPS, type StepId } from './draft';
import { buildOperation, engineField, isNoChange, numberProblems, type NumberField } from './entry-form';
import { checkIdInput, type IdState } from './id-check';
import { remoteReadFooter, sourceRoot } from './remote/source';
import { currentSnapshot, type WizardState } from './wizard-state';

export interface StepCheck {
  ok: boolean;
  /** Why the step is not complete, as an instruction. */
  reason?: string;
  /** A shorter instruction beside the Next button, where the step already shows the full message. */
  hint?: string;
  /** A check is still running; the answer follows shortly. */
  pending?: boolean;
  /** The field to fix, as findings name it (`name`, `payout.commission`, `status.note`), when one field blocks. */
  field?: string;
}

const okStep: StepCheck = { ok: true };
const blocked = (reason: string, pending = false, hint?: string, field?: string): StepCheck => ({
  ok: false,
  reason,
  pending,
  ...(hint ? { hint } : {}),
  ...(field ? { field } : {}),
});

/** The form's label for an engine field name, for the short hints. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  website: 'Website',
  'payout.commission': 'Commission (%)',
  'payout.payoutDelay': 'Payout delay',
  'payout.payoutPeriod': 'Payout period',
  'staking.minDelegation': 'Minimum delegation',
  'status.note': 'Reason for disabling',
};
const fixField = (field: string | undefined) => `Correct “${FIELD_LABELS[field ?? ''] ?? 'the highlighted field'}” to continue.`;

export function idState(s: WizardState): IdState {
  const entries = s.entries.status === 'done' && s.entries.chain === s.draft.chain ? s.entries.data : null;
  return checkIdInput(s.draft.chain, s.draft.form.id, entries);
}

/** The id the operation is about: the normalised new id, or the entry being updated. */
export function effectiveId(s: WizardState): string {
  if (s.draft.mode === 'update') return s.draft.originalId;
  const id = idState(s);
  return id.kind === 'valid' ? id.value : s.draft.form.id;
}

export function logoRef(s: WizardState): LogoRef | undefined {
  const logo = s.draft.logo;
  if (!logo) return undefined;
  return { logoId: logo.logoId, ...(logo.fix ? { fix: logo.fix } : {}) };
}

export function operationOf(s: WizardState, withLogo = true): WizardOperation {
  const logo = withLogo ? logoRef(s) : undefined;
  return buildOperation({
    mode: s.draft.mode,
    chain: s.draft.chain,
    id: effectiveId(s),
    form: s.draft.form,
    snapshot: currentSnapshot(s),
    disable: s.draft.disable,
    logo,
  });
}

/** Identifies what the live check (the entry only, not the logo) and the plan were computed for. */
export const liveKey = (s: WizardState) =>
  JSON.stringify([sourceRoot(s.draft), s.draft.chain, s.draft.mode, s.draft.originalId, operationOf(s, false)]);
/** The registry root as main resolved it (the typed text until the folder was checked). */
export const rootOf = (s: WizardState) =>
  s.draft.source === 'github' ? sourceRoot(s.draft) : s.folder.status === 'done' ? s.folder.data.root : s.draft.root;
export const planKey = (s: WizardState) => JSON.stringify([rootOf(s), operationOf(s)]);
export const fixKey = (s: WizardState) => JSON.stringify(s.draft.logo);

/** Findings about what the Details step edits (the id and the logo have their own steps). */
const DETAIL_FIELDS = new RegExp(`^(${[...EDITABLE_TEXT_FIELDS, ...ENTRY_GROUP_NAMES].join('|')})`);

/** Engine findings for the Details fields, once they match the current form. */
export function detailFindings(s: WizardState): RegistryFinding[] | null {
  if (!s.live || s.live.key !== liveKey(s)) return null;
  return s.live.findings.filter((f) => f.field !== undefined && DETAIL_FIELDS.test(f.field));
}

function folderStep(s: WizardState): StepCheck {
  if (s.draft.source === 'github') {
    if (s.folder.status === 'done') return okStep;
    if (s.folder.status === 'error') return blocked(s.folder.message, false, remoteReadFooter(s.folder.code));
    return blocked(`Reading ${s.draft.upstream} on GitHub…`, true);
  }
  if (s.folder.status === 'loading') return blocked('Checking the folder…', true);
  if (s.folder.status === 'done' && s.folder.data.isRegistry) return okStep;
  if (s.folder.status === 'done')
    return blocked(
      s.folder.data.message ?? 'Choose the folder of your registry copy.',
      false,
      'Choose your registry folder (see above) to continue.',
    );
  if (s.folder.status === 'error') return blocked(s.folder.message, false, 'Choose your registry folder (see above) to continue.');
  return blocked('Enter the folder of your copy of the registry (the folder that contains "blockchains").');
}

function chainStep(s: WizardState): StepCheck {
  if (!s.draft.chain) return blocked('Choose the chain your validator runs on.');
  if (s.entries.chain !== s.draft.chain || s.entries.status === 'loading' || s.entries.status === 'idle')
    return blocked('Reading the chain’s validator list…', true);
  if (s.entries.status === 'error')
    return blocked(s.entries.message, false, 'Repair this chain’s list first (see above), or choose another chain.');
  return okStep;
}

function idStep(s: WizardState): StepCheck {
  if (s.draft.mode === 'update')
    return currentSnapshot(s)
      ? okStep
      : blocked(`The validator ${s.draft.originalId} is no longer in this chain’s list. Enter the id again.`);
  const id = idState(s);
  if (id.kind === 'valid') return okStep;
  if (id.kind === 'listed')
    return blocked(
      `This validator is already listed as “${id.entry.name || id.value}”. Choose “Update this entry”, or enter a different id.`,
      false,
      'Choose “Update this entry”, or enter a different id.',
    );
  return blocked(id.message, false, id.kind === 'empty' ? 'Enter your validator ID to continue.' : 'Correct the validator ID to continue.');
}

export const NOTE_NEEDED = 'Say briefly why the validator is disabled (for example “Shut down in March 2025”).';

function detailsStep(s: WizardState): StepCheck {
  const [problem] = Object.entries(numberProblems(s.draft.form)) as [NumberField, string][];
  if (problem) return blocked(problem[1], false, fixField(engineField(problem[0])), engineField(problem[0]));
  if (s.draft.disable.disabled && s.draft.mode === 'update' && s.draft.disable.note.trim() === '')
    return blocked(NOTE_NEEDED, false, undefined, 'status.note');
  const findings = detailFindings(s);
  if (!findings) return blocked('Checking the details…', true);
  const error = findings.find((f) => f.severity === 'error');
  return error ? blocked(error.message, false, fixField(error.field), error.field) : okStep;
}

function logoStep(s: WizardState): StepCheck {
  const logo = s.draft.logo;
  if (!logo) return s.draft.mode === 'add' ? blocked('Add your logo: drop an image on the Logo area, or press “Choose image”.') : okStep;
  if (logo.fix) {
    if (s.fix.status === 'error') return blocked(s.fix.message);
    if (s.fix.status !== 'done' || s.fix.key !== fixKey(s)) return blocked('Fixing the logo…', true);
    const error = s.fix.data.after.find((f) => f.severity === 'error');
    return error ? blocked(error.message) : okStep;
  }
  if (s.logo.status === 'error') return blocked(s.logo.message);
  if (s.logo.status !== 'done' || s.logo.data.logoId !== logo.logoId) return blocked('Checking the logo…', true);
  if (s.logo.data.problem) return blocked(s.logo.data.problem);
  return s.logo.data.findings.some((f) => f.severity === 'error')
    ? blocked('This image does not meet the registry’s rules yet. Press “Fix logo” to make a compliant copy.')
    : okStep;
}

function reviewStep(s: WizardState): StepCheck {
  if (isNoChange(operationOf(s))) return blocked('Nothing would change: edit a detail, the logo or the status first.');
  if (s.plan.status === 'error') return blocked(s.plan.message);
  if (s.plan.status !== 'done' || s.plan.key !== planKey(s)) return blocked('Preparing the changes…', true);
  const first = s.plan.data.blocking[0];
  if (first) return blocked(`Fix this first: ${first.message}`, false, 'Fix the problems listed above first.');
  // Remote mode: the registry's pull request rules (at most 10 logos, allowed paths, one chain).
  const rule = 'ruleProblems' in s.plan.data ? (s.plan.data.ruleProblems as string[])[0] : undefined;
  return rule ? blocked(rule) : okStep;
}

export function stepChecks(s: WizardState): Record<StepId, StepCheck> {
  return {
    folder: folderStep(s),
    chain: chainStep(s),
    id: idStep(s),
    details: detailsStep(s),
    logo: logoStep(s),
    review: reviewStep(s),
    write: okStep,
  };
}

/** Steps the user may open: every step up to and including the first incomplete one. */
export function reachableSteps(checks: Record<StepId, StepCheck>): Set<StepId> {
  const out = new Set<StepId>();
  for (const step of STEPS) {
    out.add(step.id);
    if (!checks[step.id].ok) break;
  }
  return out;
}

export const stepIndex = (step: StepId) => STEPS.findIndex((s) => s.id === step);
