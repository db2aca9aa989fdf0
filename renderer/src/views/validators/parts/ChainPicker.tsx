/**
 * A searchable list of the 52 registry chains (ARIA combobox: type to filter, arrow keys to move,
 * Enter to choose). Each option shows the display name, the folder name, this registry's validator
 * count and an example id, so the right chain is easy to recognise.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChainSummary } from '../../../../../domain/ipc/registry-channels';
import { chainOptions, filterChains, type ChainOption } from '../chain-search';
import { plural } from './common';

export function ChainPicker({
  chains,
  value,
  onChoose,
}: {
  chains: readonly ChainSummary[] | null;
  value: string;
  onChoose: (slug: string) => void;
}) {
  const options = useMemo(() => chainOptions(chains), [chains]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterChains(options, query), [options, query]);
  const [active, setActive] = useState<string | undefined>(value || undefined);
  const list = useRef<HTMLUListElement>(null);

  const activeIndex = shown.findIndex((o) => o.slug === active);
  useEffect(() => {
    list.current?.querySelector('[data-active="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (o: ChainOption | undefined) => {
    if (!o || o.absent) return;
    setActive(o.slug);
    onChoose(o.slug);
  };
  const move = (delta: number) => {
    if (shown.length === 0) return;
    const from = activeIndex === -1 ? (delta > 0 ? -1 : shown.length) : activeIndex;
    setActive(shown[Math.min(shown.length - 1, Math.max(0, from + delta))]!.slug);
  };

  return (
    <div className="chain-picker">
      <div className="field">
        <label htmlFor="chain-search">Chain</label>
        <input
          id="chain-search"
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls="chain-options"
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? `chain-option-${active}` : undefined}
          aria-describedby="chain-hint"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search by name, folder or id prefix (for example “cosmos”, “tz1”)"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(filterChains(options, e.target.value)[0]?.slug);
          }}
          onKeyDown={(e) => {
            const keys: Record<string, () => void> = {
              ArrowDown: () => move(1),
              ArrowUp: () => move(-1),
              PageDown: () => move(8),
              PageUp: () => move(-8),
              Enter: () => choose(shown[activeIndex]),
            };
            if (e.key === 'Enter' && (activeIndex === -1 || shown[activeIndex]?.slug === value)) return; // already chosen: let the form go on
            const action = keys[e.key];
            if (action) {
              e.preventDefault();
              action();
            }
          }}
        />
        <p id="chain-hint" className="hint">
          {shown.length === options.length
            ? `All ${options.length} chains of the registry.`
            : `${plural(shown.length, 'chain')} ${shown.length === 1 ? 'matches' : 'match'} “${query.trim()}”.`}{' '}
          Use the arrow keys and Enter, or click a chain.
        </p>
      </div>
      <ul id="chain-options" role="listbox" aria-label="Chains" className="chain-options" ref={list}>
        {shown.length === 0 && (
          <li className="chain-empty" role="presentation">
            No chain matches “{query.trim()}”. Try the network’s name (for example “Celestia”) or the start of an id (“celestiavaloper”).
          </li>
        )}
        {shown.map((o) => (
          <li
            key={o.slug}
            id={`chain-option-${o.slug}`}
            role="option"
            aria-selected={o.slug === value}
            aria-disabled={o.absent || undefined}
            data-active={o.slug === active}
            className="chain-option"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(o)}
          >
            <span className="chain-title">
              <span className="chain-name">{o.name}</span>
              <code className="chain-slug">{o.slug}</code>
            </span>
            <span className="chain-meta">
              {o.absent ? (
                <span className="badge">Not in this copy</span>
              ) : o.problem ? (
                <span className="badge bad">List damaged</span>
              ) : o.validators !== null ? (
                <span className="badge">{plural(o.validators, 'validator')}</span>
              ) : null}
              {o.slug === value && <span className="badge accent">Chosen</span>}
            </span>
            <code className="chain-example" title={o.idFormat}>
              {o.exampleId}
            </code>
          </li>
        ))}
      </ul>
    </div>
  );
}
