import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../app/api-context';
import type { FieldProps } from '../form/field-props';
import { controlAria, FieldShell } from '../form/FieldShell';
import { useConnection } from '../state/playground-queries';
import { listingCategories } from '../state/tool-results';

/** A category picker filled from get_listing_categories; falls back to typing an id if that call fails. */
export function CategoryField(p: FieldProps) {
  const api = useApi();
  const connectedAt = useConnection()?.connectedAt;
  // Asked once per connection (a new gateway is asked again), and not kept in history.
  const categories = useQuery({
    queryKey: ['playground', 'listing-categories', connectedAt],
    queryFn: async () =>
      listingCategories(
        await api.playground.call({ callId: crypto.randomUUID(), tool: 'get_listing_categories', arguments: {}, record: false }),
      ),
    enabled: connectedAt !== undefined,
    staleTime: Infinity,
  });
  const [typed, setTyped] = useState(false);
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  const value = typeof p.value === 'string' ? p.value : '';
  const list = categories.data ?? [];
  const listed = list.some((c) => c.id === value);
  const manual = typed || categories.isError;
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
          {categories.isLoading && <p className="pg-verdict muted">Loading the categories from get_listing_categories…</p>}
          {categories.isError && (
            <p className="pg-verdict warn">⚠ Could not load the categories ({categories.error.message}); type a category id.</p>
          )}
          {categories.isSuccess && <p className="pg-verdict muted">{list.length} categories from get_listing_categories.</p>}
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
          disabled={!categories.isSuccess}
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
