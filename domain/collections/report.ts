/** What a run of collections produced, and its summary; the reporters turn it into text. */
import type { AssertionOutcome } from './assertions';
import type { Difference } from './json-compare';

/** passed: every assertion held; failed: one did not; error: the item could not run (bad input); skipped: after --bail; cancelled. */
export type ItemStatus = 'passed' | 'failed' | 'error' | 'skipped' | 'cancelled';

export interface ItemReport {
  /** 1-based position in the collection. */
  readonly index: number;
  readonly name: string;
  readonly tool: string;
  readonly status: ItemStatus;
  /** When the call went out (milliseconds since 1970, UTC), when it was made. */
  readonly startedAt?: number;
  /** The call's own duration, when it was made. */
  readonly durationMs?: number;
  /** Why the item could not run or what went wrong around the assertions (extract), in plain words. */
  readonly problems: readonly string[];
  readonly assertions: readonly AssertionOutcome[];
}

export interface CollectionReport {
  readonly file: string;
  readonly name: string;
  /** The protocol era the items ran in. */
  readonly era: string;
  readonly items: readonly ItemReport[];
  readonly durationMs: number;
}

/** With `--era both`: an item whose response differed between the eras. */
export interface EraDifference {
  readonly file: string;
  readonly index: number;
  readonly name: string;
  readonly differences: readonly Difference[];
}

export interface RunReport {
  readonly collections: readonly CollectionReport[];
  readonly eraDifferences: readonly EraDifference[];
  readonly durationMs: number;
}

export interface RunSummary {
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly errors: number;
  readonly skipped: number;
  readonly cancelled: number;
  readonly eraDifferences: number;
  /** Everything passed and the eras agreed. */
  readonly ok: boolean;
}

export function summarize(report: RunReport): RunSummary {
  const count = { passed: 0, failed: 0, error: 0, skipped: 0, cancelled: 0 };
  for (const c of report.collections) for (const item of c.items) count[item.status]++;
  const total = count.passed + count.failed + count.error + count.skipped + count.cancelled;
  return {
    total,
    passed: count.passed,
    failed: count.failed,
    errors: count.error,
    skipped: count.skipped,
    cancelled: count.cancelled,
    eraDifferences: report.eraDifferences.length,
    ok: count.passed === total && report.eraDifferences.length === 0,
  };
}

/** The lines that explain a failed or errored item: its problems, then its failed assertions with where. */
export function failureLines(item: ItemReport): string[] {
  return [
    ...item.problems,
    ...item.assertions
      .filter((a) => !a.passed)
      .map((a) => `assertion ${a.index} (${a.assert}${a.pointer !== undefined ? ` at ${a.pointer || '/'}` : ''}): ${a.message}`),
  ];
}
