/**
 * A run started from the app: one collection from the collections folder, in one protocol era or both
 * (the responses then compared item by item, as `companion test --era both` does), with a progress event
 * per item and era and, for each failed equals or snapshot, both sides for the view's diff. Runs are
 * cancelled by id; a handful may run at once (each holds gateway connections).
 */
import type { CallResponse } from '../../domain/collections/assertions';
import { comparisonFor } from '../../domain/collections/comparisons';
import type { Era } from '../../domain/collections/eras';
import type { CollectionItem } from '../../domain/collections/format';
import type { EraDifference, ItemReport } from '../../domain/collections/report';
import type { CollectionRunEvent, CollectionRunResult, EraRun, ItemEraDifference, ItemResult } from '../../domain/ipc/collections-channels';
import type { PathContext } from '../../platform/credentials/config-paths';
import type { Keychain } from '../../platform/credentials/keychain';
import type { CollectionsFolder } from './folder';
import { runCollections } from './run-collections';

/** Past this size (as JSON) a side of a comparison is not sent to the view; the message still says what differs. */
const MAX_SIDE_CHARS = 256 * 1024;
const MAX_RUNS = 4;

export class RunBusyError extends Error {
  override readonly name = 'RunBusyError';
}

function bounded(value: unknown): { value?: unknown; dropped: boolean } {
  if (value === undefined) return { dropped: false };
  const size = JSON.stringify(value)?.length ?? 0;
  return size > MAX_SIDE_CHARS ? { dropped: true } : { value, dropped: false };
}

/** The item's report for the view, with both sides of each failed comparison when there was a response. */
export function itemResult(report: ItemReport, item: CollectionItem | undefined, response: CallResponse | undefined): ItemResult {
  return {
    index: report.index,
    name: report.name,
    tool: report.tool,
    status: report.status,
    ...(report.durationMs !== undefined ? { durationMs: report.durationMs } : {}),
    problems: [...report.problems],
    assertions: report.assertions.map((a) => {
      const comparison = item ? comparisonFor(item, a, response) : undefined;
      const base = {
        index: a.index,
        assert: a.assert,
        passed: a.passed,
        message: a.message,
        ...(a.pointer !== undefined ? { pointer: a.pointer } : {}),
      };
      if (!comparison) return base;
      const expected = bounded(comparison.expected);
      const actual = bounded(comparison.actual);
      if (expected.dropped || actual.dropped) return base;
      return { ...base, expected: expected.value ?? null, ...(actual.value !== undefined ? { actual: actual.value } : {}) };
    }),
  };
}

/** The era comparison for the view: each side bounded like a comparison's. */
export function eraDifferenceView(difference: EraDifference): ItemEraDifference {
  return {
    index: difference.index,
    name: difference.name,
    differences: difference.differences.map((d) => {
      const first = bounded(d.expected);
      const second = bounded(d.actual);
      return {
        pointer: d.pointer,
        ...(first.value !== undefined ? { first: first.value } : first.dropped ? { first: '(too large to show)' } : {}),
        ...(second.value !== undefined ? { second: second.value } : second.dropped ? { second: '(too large to show)' } : {}),
      };
    }),
  };
}

export interface AppRunOptions {
  /** The collections folder in effect (looked up per run: the user may choose another meanwhile). */
  readonly folder: CollectionsFolder;
  readonly runId: string;
  readonly file: string;
  /** For items that name none, already checked (runProfileFor). */
  readonly profile: string;
  /** One era, or both in order. */
  readonly eras: readonly Era[];
  /** The environment file's variables; they override the collection's own. */
  readonly environment?: Readonly<Record<string, unknown>>;
}

export interface AppRunnerDeps {
  readonly paths: PathContext;
  readonly env: NodeJS.ProcessEnv;
  readonly keychain?: Keychain;
  readonly emit: (event: CollectionRunEvent) => void;
}

export class AppRunner {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly deps: AppRunnerDeps) {}

  cancel(runId: string): boolean {
    const controller = this.running.get(runId);
    controller?.abort();
    return controller !== undefined;
  }

  /** Refuses (RunBusyError) a run id already going, or one run too many, before anything is read. */
  checkFree(runId: string): void {
    if (this.running.has(runId)) throw new RunBusyError(`A run with id ${runId} is already going.`);
    if (this.running.size >= MAX_RUNS) throw new RunBusyError(`${MAX_RUNS} collections are running already; wait for one to finish.`);
  }

  async run(options: AppRunOptions): Promise<Omit<CollectionRunResult, 'environment'>> {
    this.checkFree(options.runId);
    const collection = await options.folder.read(options.file);
    const controller = new AbortController();
    this.running.set(options.runId, controller);
    const total = collection.items.length * options.eras.length;
    let done = 0;
    const runs: EraRun[] = [];
    try {
      const report = await runCollections({
        collections: [{ file: options.file, collection }],
        eras: options.eras,
        profile: options.profile,
        env: this.deps.env,
        paths: this.deps.paths,
        signal: controller.signal,
        ...(options.environment ? { environment: options.environment } : {}),
        ...(this.deps.keychain ? { keychain: this.deps.keychain } : {}),
        onEvent: (event) => {
          const base = { runId: options.runId, era: event.era, total };
          if (event.type === 'item-start') this.deps.emit({ ...base, done, current: event.name });
          else {
            done++;
            // The response is not known yet here; the final answer carries the comparisons.
            this.deps.emit({ ...base, done, item: itemResult(event.item, undefined, undefined) });
          }
        },
        onRun: (run) => {
          runs.push({
            era: run.report.era as Era,
            items: run.report.items.map((r, i) => itemResult(r, collection.items[i], run.responses[i])),
            durationMs: run.report.durationMs,
          });
        },
      });
      return {
        runId: options.runId,
        file: options.file,
        profile: options.profile,
        runs,
        eraDifferences: report.eraDifferences.map(eraDifferenceView),
        durationMs: report.durationMs,
      };
    } finally {
      this.running.delete(options.runId);
    }
  }
}
