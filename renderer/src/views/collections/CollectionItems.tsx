/**
 * A collection's items with their assertions and, after a run, each item's status and each assertion's
 * outcome; a failed comparison shows what was expected against what came back as a diff. A run in both
 * protocol eras shows each era's outcome, labelled with the era, and under the item what differed
 * between the eras (outcome and result shape, as `companion test --era both` compares them).
 */
import type { CollectionItem } from '../../../../domain/collections/format';
import { shortJson } from '../../../../domain/collections/json-compare';
import type { AssertionResult, ItemEraDifference, ItemResult } from '../../../../domain/ipc/collections-channels';
import { describeAssertion } from './assertion-text';
import { ExpectedActualDiff } from './ExpectedActualDiff';

const STATUS: Record<ItemResult['status'], { text: string; badge: string }> = {
  passed: { text: 'Passed', badge: 'ok' },
  failed: { text: 'Failed', badge: 'bad' },
  error: { text: 'Could not run', badge: 'bad' },
  skipped: { text: 'Skipped', badge: 'warn' },
  cancelled: { text: 'Cancelled', badge: 'warn' },
};

/** One era's results (finished so far, while it runs). */
export interface EraResults {
  readonly era: string;
  readonly items: readonly ItemResult[];
}

/** One era's result of one item; `era` is shown only when the run had two. */
interface Outcome {
  readonly era: string | undefined;
  readonly result: ItemResult;
}

const inEra = (era: string | undefined, text: string) => (era ? `${era}: ${text}` : text);

function AssertionOutcome({ outcome, era, item }: { outcome: AssertionResult | undefined; era: string | undefined; item: string }) {
  if (!outcome) return null;
  return (
    <>
      <span className={`badge ${outcome.passed ? 'ok' : 'bad'}`}>{inEra(era, outcome.passed ? 'pass' : 'fail')}</span>
      {!outcome.passed && <p className="small col-message">{inEra(era, outcome.message)}</p>}
      {!outcome.passed && outcome.expected !== undefined && (
        <ExpectedActualDiff
          expected={outcome.expected}
          actual={outcome.actual}
          label={`Expected against actual, ${item}, assertion ${outcome.index}${era ? `, ${era}` : ''}`}
        />
      )}
    </>
  );
}

function EraDifferences({ difference, eras }: { difference: ItemEraDifference; eras: readonly string[] }) {
  const [first = 'first era', second = 'second era'] = eras;
  return (
    <div className="callout warn col-era-diff" role="group" aria-label={`Differences between the eras, ${difference.name}`}>
      <p className="small">The eras differ:</p>
      <ul className="col-problems">
        {difference.differences.map((d) => (
          <li key={d.pointer} className="small">
            at <code>{d.pointer || '/'}</code>: {first} gave <code>{shortJson(d.first, 80)}</code>, {second} gave{' '}
            <code>{shortJson(d.second, 80)}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Item({
  item,
  index,
  outcomes,
  difference,
  eras,
}: {
  item: CollectionItem;
  index: number;
  outcomes: readonly Outcome[];
  difference: ItemEraDifference | undefined;
  eras: readonly string[];
}) {
  const assertions = item.assertions ?? [];
  return (
    <li className="col-item" aria-label={`Item ${index + 1}: ${item.name}`}>
      <div className="col-item-head">
        <strong>{item.name}</strong>
        <code className="small">{item.tool}</code>
        {item.profile && <span className="muted small">profile {item.profile}</span>}
        {outcomes.map(({ era, result }) => (
          <span key={era ?? ''} className="col-item-status">
            <span className={`badge ${STATUS[result.status].badge}`}>{inEra(era, STATUS[result.status].text)}</span>
            {result.durationMs !== undefined && <span className="muted small">{Math.round(result.durationMs)} ms</span>}
          </span>
        ))}
        {difference && <span className="badge warn">Eras differ</span>}
      </div>
      {outcomes.map(
        ({ era, result }) =>
          result.problems.length > 0 &&
          result.status !== 'cancelled' &&
          result.status !== 'skipped' && (
            <ul key={era ?? ''} className="col-problems">
              {result.problems.map((p, i) => (
                <li key={i} className="small">
                  {inEra(era, p)}
                </li>
              ))}
            </ul>
          ),
      )}
      {assertions.length === 0 ? (
        <p className="muted small">No assertions: the item only has to run.</p>
      ) : (
        <ol className="col-assertions">
          {assertions.map((a, i) => (
            <li key={i}>
              <span>{describeAssertion(a)}</span>{' '}
              {outcomes.map(({ era, result }) => (
                <AssertionOutcome key={era ?? ''} outcome={result.assertions.find((o) => o.index === i + 1)} era={era} item={item.name} />
              ))}
            </li>
          ))}
        </ol>
      )}
      {difference && <EraDifferences difference={difference} eras={eras} />}
    </li>
  );
}

export function CollectionItems({
  items,
  eras,
  runs,
  eraDifferences = [],
}: {
  items: readonly CollectionItem[];
  /** The eras the run covers, in order (two: each outcome is labelled with its era). */
  eras: readonly string[];
  /** One entry per era run so far (none before a run). */
  runs: readonly EraResults[];
  eraDifferences?: readonly ItemEraDifference[];
}) {
  if (items.length === 0) return <p className="muted">This collection has no items yet.</p>;
  const labelled = eras.length > 1;
  return (
    <ol className="col-items">
      {items.map((item, i) => (
        <Item
          key={i}
          item={item}
          index={i}
          outcomes={runs.flatMap((run) => {
            const result = run.items.find((r) => r.index === i + 1);
            return result ? [{ era: labelled ? run.era : undefined, result }] : [];
          })}
          difference={eraDifferences.find((d) => d.index === i + 1)}
          eras={eras}
        />
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
