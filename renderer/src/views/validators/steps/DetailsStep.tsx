import type { RegistryFinding } from '../../../../../domain/ipc/registry-channels';
import { DESCRIPTION_MAX, NAME_MAX } from '../../../../../domain/registry-entry';
import { engineField, numberProblems, type NumberField } from '../entry-form';
import { StepHeading } from '../parts/common';
import { TextField } from '../parts/TextField';
import { setDisable, setField } from '../wizard-actions';
import { detailFindings } from '../wizard-progress';
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

export function DetailsStep() {
  const state = useWizardState();
  const { draft } = state;

  const findings = detailFindings(state);
  const about = (field: string): RegistryFinding[] | null =>
    findings && findings.filter((f) => f.field === field || f.field?.startsWith(`${field}.`));
  const numbers = numberProblems(draft.form);
  const snapshot = currentSnapshot(state);
  const optionalSet = OPTIONAL.some((o) => draft.form[o.field].trim() !== '');
  const website = draft.form.website.trim();
  const websiteOk = findings !== null && /^https:\/\//i.test(website) && !about('website')?.some((f) => f.severity === 'error');

  return (
    <>
      <StepHeading number={4} title="Details">
        What people see in the wallet when they choose a validator. Keep it short and factual; reviewers reject advertising.
      </StepHeading>
      <div className="form-grid">
        <TextField
          id="validator-name"
          label="Name"
          value={draft.form.name}
          onChange={(v) => setField('name', v)}
          findings={about('name')}
          max={NAME_MAX}
          hint="Your validator’s name as you want it shown."
          placeholder="e.g. Example Staking"
        />
        <TextField
          id="validator-description"
          label="Description"
          value={draft.form.description}
          onChange={(v) => setField('description', v)}
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
            onChange={(v) => setField('website', v)}
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
              onChange={(v) => setField(o.field, v)}
              findings={findings && findings.filter((f) => f.field === engineField(o.field))}
              local={numbers[o.field]}
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
              onChange={(v) => setDisable({ ...draft.disable, note: v })}
              findings={findings && findings.filter((f) => f.field === 'status.note')}
              hint="Required. Saved as the entry’s status note, so reviewers and users know why."
              placeholder="e.g. Validator shut down in March 2025"
            />
          )}
        </fieldset>
      )}
    </>
  );
}
