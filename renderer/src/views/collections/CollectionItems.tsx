/**
 * A collection's items with their assertions and, after a run, each item's status and each assertion's
 * outcome; a failed comparison shows what was expected against what came back as a diff.
 */
import type { CollectionItem } from '../../../../domain/collections/format';
import type { AssertionResult, ItemResult } from '../../../../domain/ipc/collections-channels';
import { describeAssertion } from './assertion-text';
import { ExpectedActualDiff } from './ExpectedActualDiff';

const STATUS: Record<ItemResult['status'], { text: string; badge: string }> = {
  passed: { text: 'Passed', badge: 'ok' },
  failed: { text: 'Failed', badge: 'bad' },
  error: { text: 'Could not run', badge: 'bad' },
  skipped: { text: 'Skipped', badge: 'warn' },
  cancelled: { text: 'Cancelled', badge: 'warn' },
};

function Outcome({ outcome, item }: { outcome: AssertionResult | undefined; item: string }) {
  if (!outcome) return null;
  return (
    <>
      <span className={`badge ${outcome.passed ? 'ok' : 'bad'}`}>{outcome.passed ? 'pass' : 'fail'}</span>
      {!outcome.passed && <p className="small col-message">{outcome.message}</p>}
      {!outcome.passed && outcome.expected !== undefined && (
        <ExpectedActualDiff
          expected={outcome.expected}
          actual={outcome.actual}
          label={`Expected against actual, ${item}, assertion ${outcome.index}`}
        />
      )}
    </>
  );
}

function Item({ item, index, result }: { item: CollectionItem; index: number; result: ItemResult | undefined }) {
  const status = result ? STATUS[result.status] : undefined;
  const assertions = item.assertions ?? [];
  return (
    <li className="col-item" aria-label={`Item ${index + 1}: ${item.name}`}>
      <div className="col-item-head">
        <strong>{item.name}</strong>
        <code className="small">{item.tool}</code>
        {item.profile && <span className="muted small">profile {item.profile}</span>}
        {status && <span className={`badge ${status.badge}`}>{status.text}</span>}
        {result?.durationMs !== undefined && <span className="muted small">{Math.round(result.durationMs)} ms</span>}
      </div>
      {result && result.problems.length > 0 && result.status !== 'cancelled' && result.status !== 'skipped' && (
        <ul className="col-problems">
          {result.problems.map((p, i) => (
            <li key={i} className="small">
              {p}
            </li>
          ))}
        </ul>
      )}
      {assertions.length === 0 ? (
        <p className="muted small">No assertions: the item only has to run.</p>
      ) : (
        <ol className="col-assertions">
          {assertions.map((a, i) => (
            <li key={i}>
              <span>{describeAssertion(a)}</span> <Outcome outcome={result?.assertions.find((o) => o.index === i + 1)} item={item.name} />
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

export function CollectionItems({ items, results }: { items: readonly CollectionItem[]; results: readonly ItemResult[] }) {
  if (items.length === 0) return <p className="muted">This collection has no items yet.</p>;
  return (
    <ol className="col-items">
      {items.map((item, i) => (
        <Item key={i} item={item} index={i} result={results.find((r) => r.index === i + 1)} />
      ))}
    </ol>
  );
}

/** "3 passed, 1 failed" for the run's summary line. */
export function runSummary(results: readonly ItemResult[]): string {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const order: ItemResult['status'][] = ['passed', 'failed', 'error', 'skipped', 'cancelled'];
  return order
    .filter((s) => counts.has(s))
    .map((s) => `${counts.get(s)} ${s === 'error' ? 'could not run' : s}`)
    .join(', ');
}
