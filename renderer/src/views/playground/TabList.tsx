/** A row of tabs (the buttons of the WAI-ARIA tab pattern); the caller shows the chosen panel. */
export function TabList<Id extends string>(props: {
  label: string;
  tabs: readonly { readonly id: Id; readonly label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
}) {
  return (
    <div className="pg-tabs" role="tablist" aria-label={props.label}>
      {props.tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={t.id === props.selected}
          className={t.id === props.selected ? 'pg-tab active' : 'pg-tab'}
          onClick={() => props.onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
