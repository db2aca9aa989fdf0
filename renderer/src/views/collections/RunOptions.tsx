/**
 * A run's options, as `companion test` takes them: the profile for the items that name none
 * (`--profile`), the protocol era (`--era`) and an environment file (`--env`), with what the file
 * supplies or why it cannot be used. Presentational: the view passes what main answered and the choices.
 */
import { useId, useState } from 'react';
import { ERA_CHOICES, type EraChoice } from '../../../../domain/collections/eras';
import type { RunChoices } from './collections-ui-store';

const ERA_LABELS: Record<EraChoice, string> = {
  '2025-11-25': '2025-11-25 (sessions)',
  '2026-07-28': '2026-07-28 (stateless)',
  both: 'Both eras, compared',
};

/** What main said about the environment file. */
export type EnvironmentState =
  | { readonly state: 'none' }
  | { readonly state: 'checking' }
  | { readonly state: 'ok'; readonly file: string; readonly variables: readonly string[] }
  | { readonly state: 'error'; readonly message: string };

export interface RunOptionsProps {
  /** The choices in effect (a profile that no longer exists is already '' here). */
  choices: RunChoices;
  /** The profiles other than the built-in one; undefined while they load. */
  profiles: readonly string[] | undefined;
  /** Profiles the collection's items name themselves (they keep them). */
  itemProfiles: readonly string[];
  /** The collection's own variables (the file's override them). */
  collectionVariables: readonly string[];
  environment: EnvironmentState;
  /** False while the host is not known yet (the Choose button waits for it). */
  canChoose: boolean;
  disabled: boolean;
  onChange: (change: Partial<RunChoices>) => void;
  onChooseFile: () => void;
}

export function RunOptions(props: RunOptionsProps) {
  const id = useId();
  const { choices, profiles, itemProfiles, disabled, onChange } = props;
  // While the list loads, the choice stays shown.
  const names = profiles ?? (choices.profile ? [choices.profile] : []);
  return (
    <fieldset className="col-run-options" disabled={disabled}>
      <legend className="field-label">Run options</legend>
      <div className="col-run-grid">
        <div className="field">
          <label htmlFor={`${id}-profile`}>Profile</label>
          <select
            id={`${id}-profile`}
            value={choices.profile}
            aria-describedby={`${id}-profile-hint`}
            onChange={(e) => onChange({ profile: e.target.value })}
          >
            <option value="">Built-in reference gateway (default)</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <p id={`${id}-profile-hint`} className="hint">
            For items that name no profile (<code>--profile</code>).
            {itemProfiles.length > 0 && ` Items that name their own keep it: ${itemProfiles.join(', ')}.`}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-era`}>Protocol era</label>
          <select
            id={`${id}-era`}
            value={choices.era}
            aria-describedby={`${id}-era-hint`}
            onChange={(e) => onChange({ era: e.target.value as EraChoice })}
          >
            {ERA_CHOICES.map((era) => (
              <option key={era} value={era}>
                {ERA_LABELS[era]}
              </option>
            ))}
          </select>
          <p id={`${id}-era-hint`} className="hint">
            <code>--era</code>: both runs every item in each era and compares outcome and result shape.
          </p>
        </div>
      </div>
      <EnvironmentField {...props} id={`${id}-env`} />
    </fieldset>
  );
}

function EnvironmentField({
  id,
  choices,
  collectionVariables,
  environment,
  canChoose,
  onChange,
  onChooseFile,
}: RunOptionsProps & { id: string }) {
  // What is typed takes effect (and is read by main) on Enter or on leaving the field, not per keystroke.
  const [typed, setTyped] = useState(choices.envFile);
  // A file chosen or cleared elsewhere replaces the text (React's "adjust state when a prop changes").
  const [shown, setShown] = useState(choices.envFile);
  if (shown !== choices.envFile) {
    setShown(choices.envFile);
    setTyped(choices.envFile);
  }
  const commit = () => {
    if (typed.trim() !== choices.envFile) onChange({ envFile: typed.trim() });
  };
  const own = new Set(collectionVariables);
  return (
    <div className="field">
      <label htmlFor={id}>Environment file</label>
      <div className="col-env-row">
        <input
          id={id}
          type="text"
          className="mono"
          value={typed}
          spellCheck={false}
          autoComplete="off"
          placeholder="None"
          aria-describedby={`${id}-status`}
          aria-invalid={environment.state === 'error' ? true : undefined}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
        <button type="button" className="button" disabled={!canChoose} aria-label="Choose an environment file" onClick={onChooseFile}>
          Choose…
        </button>
        {choices.envFile !== '' && (
          <button type="button" className="button" aria-label="Clear the environment file" onClick={() => onChange({ envFile: '' })}>
            Clear
          </button>
        )}
      </div>
      <div id={`${id}-status`} aria-live="polite">
        {environment.state === 'none' && (
          <p className="hint">
            Optional (<code>--env</code>): a <code>.json</code> file of variable values, which override the collection&apos;s own.
          </p>
        )}
        {environment.state === 'checking' && <p className="hint">Reading the file…</p>}
        {environment.state === 'error' && <p className="error-text">{environment.message}</p>}
        {environment.state === 'ok' &&
          (environment.variables.length === 0 ? (
            <p className="hint">The file supplies no variables.</p>
          ) : (
            <p className="hint col-env-vars">
              Supplies{' '}
              {environment.variables.map((name, i) => (
                <span key={name}>
                  {i > 0 && ', '}
                  <code>{name}</code>
                  {own.has(name) && ' (over the collection’s)'}
                </span>
              ))}
              .
            </p>
          ))}
      </div>
    </div>
  );
}
