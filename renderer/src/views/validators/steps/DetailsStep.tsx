import { useEffect, useRef } from 'react';
import { useFocusFirstInvalid } from '../../../app/use-focus-first-invalid';
import type { RegistryFinding } from '../../../../../domain/ipc/registry-channels';
import { DESCRIPTION_MAX, NAME_MAX } from '../../../../../domain/registry-entry';
import { afterPress } from '../../../app/after-press';
import { errorsShown, filledDetails, resetDetailsTouch, shownFindings, touchDetail, useDetailsTouch } from '../details-touch';
import { engineField, numberProblems, type NumberField } from '../entry-form';
import { StepHeading } from '../parts/common';
import { TextField } from '../parts/TextField';
import { setDisable, setField } from '../wizard-actions';
import { detailFindings, NOTE_NEEDED } from '../wizard-progress';
import { useWizardState } from '../wizard-queries';
import { currentSnapshot } from '../wizard-state';

const OPTIONAL: { field: NumberField; label: string; hint: string; placeholder: string }[] = [
  {
    field: 'commission',
    label: 'Commission (%)',
    hint: 'The share of rewards you keep, as a percentage: 5 means 5%.',
    placeholder: 'e.g. 5',
  },
  {
    field: 'payoutDelay',
    label: 'Payout delay',
    hint: 'How many cycles pass before rewards are paid out.',
    placeholder: 'e.g. 0',
  },
  {
    field: 'payoutPeriod',
    label: 'Payout period',
    hint: 'How often rewards are paid, in cycles.',
    placeholder: 'e.g. 1',
  },
  {
    field: 'minDelegation',
    label: 'Minimum delegation',
    hint: 'The smallest amount someone can delegate to you, in the chain’s coin.',
    placeholder: 'e.g. 1',
  },
];

/**
 * Step 4, the entry's details. Long because it lays out every field in the order the registry lists them;
 * the rules behind them are entry-form.ts's and which messages show is details-touch.ts's.
 */
export function DetailsStep() {
  const state = useWizardState();
  const { draft } = state;
  const touch = useDetailsTouch();
  // Each visit of the step starts with only the fields it opens with a value touched.
  const openedWith = useRef(filledDetails(draft.form));
  useEffect(() => {
    resetDetailsTouch(openedWith.current);
    return () => resetDetailsTouch();
  }, []);
  // Next was pressed with errors left: the first field to fix takes focus.
  const fields = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(fields, touch.focusRequest);

  const findings = detailFindings(state);
  // A field's errors show once it was touched or Next was pressed; its warnings and notes as they come.
  const aboutAll = (field: string): RegistryFinding[] | null =>
    findings && findings.filter((f) => f.field === field || f.field?.startsWith(`${field}.`));
  const about = (field: string) => shownFindings(field, aboutAll(field), touch);
  const numbers = numberProblems(draft.form);
  const edit = (field: 'name' | 'description' | 'website', value: string) => {
    touchDetail(field);
    setField(field, value);
  };
  const snapshot = currentSnapshot(state);
  const optionalSet = OPTIONAL.some((o) => draft.form[o.field].trim() !== '');
  const website = draft.form.website.trim();
  const websiteOk = findings !== null && /^https:\/\//i.test(website) && !aboutAll('website')?.some((f) => f.severity === 'error');

  return (
    <div ref={fields} className="step-fields">
      <StepHeading number={4} title="Details">
        What people see in the wallet when they choose a validator. Keep it short and factual; reviewers reject advertising.
      </StepHeading>
      <div className="form-grid">
        <TextField
          id="validator-name"
          label="Name"
          value={draft.form.name}
          onChange={(v) => edit('name', v)}
          onBlur={() => afterPress(() => touchDetail('name'))}
          findings={about('name')}
          max={NAME_MAX}
          hint="Your validator’s name as you want it shown."
          placeholder="e.g. Example Staking"
        />
        <TextField
          id="validator-description"
          label="Description"
          value={draft.form.description}
          onChange={(v) => edit('description', v)}
          onBlur={() => afterPress(() => touchDetail('description'))}
          findings={about('description')}
          max={DESCRIPTION_MAX}
          multiline
          hint="One or two sentences about your service: where you run, what makes you reliable."
        />
        <div>
          <TextField
            id="validator-website"
            label="Website"
            value={draft.form.website}
            onChange={(v) => edit('website', v)}
            onBlur={() => afterPress(() => touchDetail('website'))}
            findings={about('website')}
            inputMode="url"
            mono
            placeholder="https://example.com"
            hint="Your official website, starting with https://."
          />
          {websiteOk && (
            <p className="small">
              <a href={website} target="_blank" rel="noopener noreferrer">
                Open {website} to check it loads ↗
              </a>
            </p>
          )}
        </div>
      </div>

      <details className="optional-details" open={optionalSet || undefined}>
        <summary>Optional details</summary>
        <p className="muted small">Only fill these in if they apply to your chain. Leave a field empty to leave it out.</p>
        <div className="form-grid two">
          {OPTIONAL.map((o) => (
            <TextField
              key={o.field}
              id={`validator-${o.field}`}
              label={o.label}
              value={draft.form[o.field]}
              onChange={(v) => {
                touchDetail(engineField(o.field));
                setField(o.field, v);
              }}
              onBlur={() => afterPress(() => touchDetail(engineField(o.field)))}
              findings={shownFindings(engineField(o.field), findings && findings.filter((f) => f.field === engineField(o.field)), touch)}
              local={errorsShown(engineField(o.field), touch) ? numbers[o.field] : undefined}
              inputMode="decimal"
              hint={o.hint}
              placeholder={o.placeholder}
            />
          ))}
        </div>
      </details>

      {draft.mode === 'update' && (
        <fieldset className="disable-section">
          <legend>Status</legend>
          {snapshot?.status?.disabled && (
            <p className="muted small">
              This validator is currently disabled{snapshot.status.note ? `: “${snapshot.status.note}”` : ''}. Untick the box to list it as
              active again.
            </p>
          )}
          <label className="check-row">
            <input
              type="checkbox"
              checked={draft.disable.disabled}
              onChange={(e) => setDisable({ ...draft.disable, disabled: e.target.checked })}
            />
            <span>Disable this validator</span>
          </label>
          <p className="hint">
            The wallet then shows it as inactive. Use this when the validator has shut down or stopped validating on this chain.
          </p>
          {draft.disable.disabled && (
            <TextField
              id="disable-note"
              label="Reason for disabling"
              value={draft.disable.note}
              onChange={(v) => {
                touchDetail('status.note');
                setDisable({ ...draft.disable, note: v });
              }}
              onBlur={() => afterPress(() => touchDetail('status.note'))}
              findings={shownFindings('status.note', findings && findings.filter((f) => f.field === 'status.note'), touch)}
              local={errorsShown('status.note', touch) && draft.disable.note.trim() === '' ? NOTE_NEEDED : undefined}
              hint="Required. Saved as the entry’s status note, so reviewers and users know why."
              placeholder="e.g. Validator shut down in March 2025"
            />
          )}
        </fieldset>
      )}
    </div>
  );
}
