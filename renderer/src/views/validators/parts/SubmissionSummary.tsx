/** A side card with what has been chosen so far, so the user always knows what they are submitting. */
import { getRegistryChain } from '../../../../../domain/index';
import { effectiveId } from '../wizard-progress';
import { useWizardState } from '../wizard-queries';
import { currentSnapshot } from '../wizard-state';

export function SubmissionSummary() {
  const state = useWizardState();
  const { draft } = state;
  const chain = getRegistryChain(draft.chain);
  const snapshot = currentSnapshot(state);
  const logoUrl = draft.logo?.fix
    ? state.fix.status === 'done'
      ? state.fix.data.png
      : undefined
    : state.logo.status === 'done'
      ? state.logo.data.previews?.light
      : undefined;
  const existing = state.existingLogo.status === 'done' ? state.existingLogo.data.png : undefined;
  const kind = draft.mode === 'add' ? 'New validator' : draft.disable.disabled && !snapshot?.status?.disabled ? 'Disable' : 'Update';
  const id = effectiveId(state);
  const folder = state.folder.status === 'done' && state.folder.data.isRegistry ? state.folder.data.root : '';
  const rows: [string, string][] = [
    [
      'Registry',
      draft.source === 'github' ? `${draft.upstream} on GitHub` : folder ? (folder.split(/[\\/]/).filter(Boolean).at(-1) ?? folder) : '—',
    ],
    ['Chain', chain?.name ?? '—'],
    ['Validator ID', id || '—'],
    ['Name', draft.form.name || '—'],
    ['Website', draft.form.website || '—'],
  ];
  return (
    <aside className="summary-card" aria-label="Your submission">
      <div className="summary-head">
        <div className="summary-logo checkerboard">
          {logoUrl || existing ? <img src={logoUrl ?? existing} alt="" /> : <span aria-hidden="true">?</span>}
        </div>
        <div>
          <p className="summary-kicker">{kind}</p>
          <p className="summary-name">{draft.form.name || 'Your validator'}</p>
        </div>
      </div>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd className={k === 'Validator ID' || k === 'Website' ? 'mono' : ''} title={v}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted small">Saved as you type: you can close the app and continue later.</p>
    </aside>
  );
}
