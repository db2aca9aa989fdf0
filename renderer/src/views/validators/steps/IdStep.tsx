import { getRegistryChain } from '../../../../../domain/index';
import { StepHeading } from '../parts/common';
import { setField, switchToAdd, switchToUpdate } from '../wizard-actions';
import { idState } from '../wizard-progress';
import { useWizardState } from '../wizard-queries';
import { currentSnapshot } from '../wizard-state';

export function IdStep() {
  const state = useWizardState();
  const { draft } = state;
  const chain = getRegistryChain(draft.chain);
  const snapshot = currentSnapshot(state);

  if (draft.mode === 'update') {
    return (
      <>
        <StepHeading number={3} title="Validator ID">
          You are changing an entry that is already in the {chain?.name ?? draft.chain} list. Its id stays the same.
        </StepHeading>
        <div className="update-card">
          <div>
            <p className="field-label" id="updating-label">
              Validator ID
            </p>
            <p className="mono id-value" aria-labelledby="updating-label">
              {draft.originalId}
            </p>
            <p className="muted">
              Listed as <strong>{snapshot?.name || '(no name)'}</strong>
              {snapshot?.status?.disabled ? ' · currently disabled' : ''}.
            </p>
          </div>
          <button type="button" className="button" onClick={switchToAdd}>
            Add a new validator instead
          </button>
        </div>
      </>
    );
  }

  const id = idState(state);
  const described = ['validator-id-hint', 'validator-id-message'].join(' ');
  return (
    <>
      <StepHeading number={3} title="Validator ID">
        The on-chain id of your validator: the operator address or key that delegators use. Copy it from your node or a block explorer.
      </StepHeading>
      <div className="field">
        <label htmlFor="validator-id">Validator ID</label>
        <input
          id="validator-id"
          type="text"
          className="mono"
          value={draft.form.id}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          aria-invalid={id.kind === 'invalid' ? true : undefined}
          aria-describedby={described}
          placeholder={chain?.exampleId}
          onChange={(e) => setField('id', e.target.value)}
        />
        {chain && (
          <p id="validator-id-hint" className="hint">
            {chain.name} ids: {chain.idFormat}. Example: <code>{chain.exampleId}</code>
          </p>
        )}
        <div id="validator-id-message" aria-live="polite">
          {id.kind === 'invalid' && (
            <p className="field-message error" role="alert">
              {id.message}
            </p>
          )}
          {id.kind === 'valid' && (
            <p className="field-message ok">
              {chain?.checksum && chain.checksum !== 'none'
                ? `A valid ${chain.name} validator id: its ${chain.checksum} checksum matches.`
                : `A valid ${chain?.name ?? ''} validator id. These ids have no checksum, so compare it once more with your node.`}
              {id.normalised && (
                <>
                  {' '}
                  It will be written as <code>{id.value}</code>.
                </>
              )}
            </p>
          )}
        </div>
      </div>
      {id.kind === 'listed' && (
        <div className="callout warn listed" role="alert">
          <p>
            <strong>This validator is already listed</strong> as “{id.entry.name || id.value}”
            {id.entry.status?.disabled ? ' (currently disabled)' : ''}. Each validator appears once in a chain, so a second entry would be
            rejected.
          </p>
          <p>To change its name, description, website, logo or status, update the existing entry instead.</p>
          <div className="row">
            <button type="button" className="button primary" onClick={() => switchToUpdate(id.entry)}>
              Update this entry
            </button>
          </div>
        </div>
      )}
    </>
  );
}
