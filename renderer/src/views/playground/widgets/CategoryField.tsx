import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import { useApi } from '../../../app/api-context';
import type { FieldProps } from '../form/field-props';
import { controlAria, FieldShell } from '../form/FieldShell';
import { useConnectionStore } from '../state/connection-store';

interface Category {
  readonly id: string;
  readonly name: string;
}

interface CategoryCache {
  /** Keyed by the connection, so a new gateway is asked again. */
  key: number | undefined;
  state: { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; list: Category[] } | { kind: 'failed'; message: string };
  load(api: CompanionApi, key: number, force?: boolean): Promise<void>;
}

/** The categories come from the gateway itself (get_listing_categories), once per connection, not kept in history. */
const useCategories = create<CategoryCache>()((set, get) => ({
  key: undefined,
  state: { kind: 'idle' },
  async load(api, key, force = false) {
    if (!force && get().key === key && get().state.kind !== 'failed') return;
    set({ key, state: { kind: 'loading' } });
    try {
      const outcome = await api.playground.call({
        callId: crypto.randomUUID(),
        tool: 'get_listing_categories',
        arguments: {},
        record: false,
      });
      const docs = (outcome.result?.structuredContent as { docs?: unknown } | undefined)?.docs;
      if (outcome.status !== 'ok' || !Array.isArray(docs))
        throw new Error(outcome.error?.message ?? 'get_listing_categories returned no list.');
      const list = docs.filter((d): d is Category => typeof (d as Category).id === 'string' && typeof (d as Category).name === 'string');
      if (get().key === key) set({ state: { kind: 'ready', list } });
    } catch (error) {
      if (get().key === key) set({ state: { kind: 'failed', message: (error as Error).message } });
    }
  },
}));

/** A category picker filled from get_listing_categories; falls back to typing an id if that call fails. */
export function CategoryField(p: FieldProps) {
  const api = useApi();
  const key = useConnectionStore((s) => s.connection?.connectedAt);
  const state = useCategories((s) => s.state);
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (key !== undefined) void useCategories.getState().load(api, key);
  }, [api, key]);
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  const value = typeof p.value === 'string' ? p.value : '';
  const list = state.kind === 'ready' ? state.list : [];
  const listed = list.some((c) => c.id === value);
  const manual = typed || state.kind === 'failed';
  return (
    <FieldShell
      {...p}
      trailing={
        <button type="button" className="pg-link-button" onClick={() => setTyped(!manual)}>
          {manual ? 'choose from the list' : 'type an id'}
        </button>
      }
      extra={
        <>
          {state.kind === 'loading' && <p className="pg-verdict muted">Loading the categories from get_listing_categories…</p>}
          {state.kind === 'failed' && (
            <p className="pg-verdict warn">⚠ Could not load the categories ({state.message}); type a category id.</p>
          )}
          {state.kind === 'ready' && <p className="pg-verdict muted">{list.length} categories from get_listing_categories.</p>}
        </>
      }
    >
      {manual ? (
        <input
          {...aria}
          type="text"
          value={value}
          spellCheck={false}
          placeholder="memes"
          onChange={(e) => p.onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      ) : (
        <select
          {...aria}
          value={value}
          disabled={state.kind !== 'ready'}
          onChange={(e) => p.onChange(e.target.value === '' ? undefined : e.target.value)}
        >
          <option value="">— any (trending) —</option>
          {!listed && value && <option value={value}>{value} (not listed)</option>}
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.id})
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
