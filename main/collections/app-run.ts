/**
 * A run started from the app: one collection from the collections folder, in the 2025 era, with a
 * progress event per item and, for each failed equals or snapshot, both sides for the view's diff.
 * Runs are cancelled by id; a handful may run at once (each holds gateway connections).
 */
import type { CallResponse } from '../../domain/collections/assertions';
import { comparisonFor } from '../../domain/collections/comparisons';
import type { CollectionItem } from '../../domain/collections/format';
import type { ItemReport } from '../../domain/collections/report';
import type { CollectionRunEvent, CollectionRunResult, ItemResult } from '../../domain/ipc/collections-channels';
import type { PathContext } from '../../platform/credentials/config-paths';
import type { Keychain } from '../../platform/credentials/keychain';
import { ERAS } from './connection';
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

export interface AppRunOptions {
  readonly runId: string;
  readonly file: string;
  readonly profile?: string;
}

export interface AppRunnerDeps {
  readonly folder: CollectionsFolder;
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

  async run(options: AppRunOptions): Promise<CollectionRunResult> {
    if (this.running.has(options.runId)) throw new RunBusyError(`A run with id ${options.runId} is already going.`);
    if (this.running.size >= MAX_RUNS) throw new RunBusyError(`${MAX_RUNS} collections are running already; wait for one to finish.`);
    const collection = await this.deps.folder.read(options.file);
    const controller = new AbortController();
    this.running.set(options.runId, controller);
    const total = collection.items.length;
    let done = 0;
    let result: ItemResult[] = [];
    try {
      const report = await runCollections({
        collections: [{ file: options.file, collection }],
        eras: [ERAS[0]],
        env: this.deps.env,
        paths: this.deps.paths,
        signal: controller.signal,
        ...(options.profile ? { profile: options.profile } : {}),
        ...(this.deps.keychain ? { keychain: this.deps.keychain } : {}),
        onEvent: (event) => {
          if (event.type === 'item-start') this.deps.emit({ runId: options.runId, done, total, current: event.name });
          else {
            done++;
            // The response is not known yet here; the final answer carries the comparisons.
            const item = itemResult(event.item, undefined, undefined);
            this.deps.emit({ runId: options.runId, done, total, item });
          }
        },
        onRun: (run) => {
          result = run.report.items.map((r, i) => itemResult(r, collection.items[i], run.responses[i]));
        },
      });
      const ran = report.collections[0];
      return { runId: options.runId, file: options.file, era: ran?.era ?? ERAS[0], items: result, durationMs: report.durationMs };
    } finally {
      this.running.delete(options.runId);
    }
  }
}
