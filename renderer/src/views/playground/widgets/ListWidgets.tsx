import { useState, type KeyboardEvent } from 'react';
import { COINS, getCoin, parseAssetId } from '../../../../../domain/index';
import type { FieldProps } from '../form/field-props';
import { controlAria, FieldShell } from '../form/FieldShell';
import { useWorkbenchStore } from '../state/workbench-store';
import { IdInput } from './IdInput';
import { addAssetIds, type Widget } from './widget-rules';

const POPULAR: ReadonlyArray<[string, string]> = [
  ['c0', 'BTC'],
  ['c60', 'ETH'],
  ['c501', 'SOL'],
  ['c714', 'BNB'],
  ['c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT'],
  ['c60_t0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC'],
];

/** The asset list of get_token_prices: chips checked by the identifier module, at most `max` (50). */
export function AssetListField(p: FieldProps & { widget: Extract<Widget, { kind: 'asset-list' }> }) {
  const items = Array.isArray(p.value) ? p.value.map(String) : [];
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<string>();
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  const max = p.widget.max;
  const full = items.length >= max;
  const set = (next: string[]) => p.onChange(next.length === 0 ? undefined : next);
  const add = (text: string) => {
    const { next, skipped, repeated } = addAssetIds(items, text, max);
    set(next);
    setDraft('');
    setNote(
      skipped > 0
        ? `At most ${max} asset ids per call: ${skipped} not added. Split the list into several calls.`
        : repeated > 0
          ? `${repeated} already in the list.`
          : undefined,
    );
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      if (draft.trim()) add(draft);
    }
  };
  return (
    <FieldShell
      {...p}
      trailing={
        <span className={full ? 'pg-count warn' : 'pg-count'}>
          {items.length} / {max}
        </span>
      }
      extra={note && <p className="pg-verdict warn">{note}</p>}
    >
      {items.length > 0 && (
        <ul className="pg-chips" aria-label={`${p.label}: ${items.length} asset ids`}>
          {items.map((id) => {
            const check = parseAssetId(id);
            return (
              <li key={id} className={check.ok ? 'pg-chip on' : 'pg-chip bad'} title={check.ok ? undefined : check.message}>
                <span className="mono">{id.length > 24 ? `${id.slice(0, 14)}…${id.slice(-6)}` : id}</span>
                {!check.ok && <span className="visually-hidden">: {check.message}</span>}
                <button type="button" aria-label={`Remove ${id}`} onClick={() => set(items.filter((i) => i !== id))}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {items.some((id) => !parseAssetId(id).ok) && <p className="pg-verdict bad">✗ Marked ids are not valid asset ids (hover for why).</p>}
      <div className="pg-add-row">
        <input
          {...aria}
          type="text"
          className="mono"
          value={draft}
          disabled={full}
          spellCheck={false}
          autoComplete="off"
          placeholder={full ? `${max} of ${max}: the maximum` : 'Add asset ids: c60, c0_… (Enter; paste many at once)'}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKey}
          onPaste={(e) => {
            const text = e.clipboardData.getData('text');
            if (/[\s,;]/.test(text.trim())) {
              e.preventDefault();
              add(text);
            }
          }}
        />
        <button type="button" className="button small" disabled={full || !draft.trim()} onClick={() => add(draft)}>
          Add
        </button>
      </div>
      <div className="pg-quick" aria-label="Quick add">
        {POPULAR.map(([id, label]) => (
          <button
            key={id}
            type="button"
            className="pg-chip-button"
            disabled={full || items.includes(id)}
            onClick={() => add(id)}
            title={id}
          >
            + {label}
          </button>
        ))}
      </div>
    </FieldShell>
  );
}

/** Chains for a `networks` filter: toggles for the coin catalog, sent as SLIP-44 numbers. */
export function NetworksField(p: FieldProps & { widget: Extract<Widget, { kind: 'networks' }> }) {
  const items = Array.isArray(p.value) ? p.value.filter((v): v is number => typeof v === 'number') : [];
  const unknown = items.filter((n) => !getCoin(n));
  const toggle = (id: number) => {
    const next = items.includes(id) ? items.filter((i) => i !== id) : [...items, id].slice(0, p.widget.max);
    p.onChange(next.length === 0 ? undefined : next);
  };
  return (
    <FieldShell
      {...p}
      asGroup
      trailing={<span className="pg-count">{items.length === 0 ? 'all chains' : `${items.length} selected`}</span>}
    >
      <div className="pg-checks" role="group" aria-label={`${p.label}: chains`}>
        {COINS.map((c) => (
          <label key={c.id} className={items.includes(c.id) ? 'pg-chip on' : 'pg-chip'} title={`coin ${c.id}`}>
            <input type="checkbox" checked={items.includes(c.id)} onChange={() => toggle(c.id)} />
            {c.name}
          </label>
        ))}
        {unknown.map((n) => (
          <label key={n} className="pg-chip bad" title="Not a coin the app knows">
            <input type="checkbox" checked onChange={() => toggle(n)} />
            coin {n}
          </label>
        ))}
      </div>
    </FieldShell>
  );
}

/** A route step id, with the steps of the last quote one click away. */
export function StepIdField(p: FieldProps) {
  const stepIds = useWorkbenchStore((s) => s.stepIds);
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  const value = typeof p.value === 'string' ? p.value : '';
  return (
    <FieldShell
      {...p}
      extra={
        stepIds.length > 0 ? (
          <div className="pg-quick" aria-label="Steps of the last quote">
            <span className="pg-small muted">From the last quote:</span>
            {stepIds.slice(0, 6).map((id, i) => (
              <button
                key={id}
                type="button"
                className={id === value ? 'pg-chip-button on' : 'pg-chip-button'}
                onClick={() => p.onChange(id)}
                title={id}
              >
                step {i + 1} · {id.slice(0, 8)}
              </button>
            ))}
          </div>
        ) : (
          <p className="pg-verdict muted">Run get_swap_quote first: its steps appear here.</p>
        )
      }
    >
      <IdInput {...aria} value={value} onValue={p.onChange} />
    </FieldShell>
  );
}
