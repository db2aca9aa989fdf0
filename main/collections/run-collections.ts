/**
 * Runs loaded collections against gateways over MCP: one connection per profile and era, opened on the
 * first item that needs it and closed at the end. With two eras every collection runs in each, and the
 * responses are compared item by item.
 */
import { compareEras, runCollection, type CollectionRun, type RunEvent } from '../../domain/collections/run';
import type { CollectionReport, EraDifference, RunReport } from '../../domain/collections/report';
import type { PathContext } from '../../platform/credentials/config-paths';
import { DEFAULT_PROFILE } from '../../platform/credentials/default-profile';
import type { Keychain } from '../../platform/credentials/keychain';
import { CollectionConnection, type Era } from './connection';
import type { LoadedCollection } from './load';

export interface RunCollectionsOptions {
  readonly collections: readonly LoadedCollection[];
  /** For items that name none; default: the embedded reference gateway's profile. */
  readonly profile?: string;
  readonly eras: readonly Era[];
  readonly environment?: Readonly<Record<string, unknown>>;
  readonly env: NodeJS.ProcessEnv;
  readonly paths: PathContext;
  readonly keychain?: Keychain;
  readonly signal?: AbortSignal;
  readonly bail?: boolean;
  readonly onEvent?: (event: RunEvent & { readonly file: string; readonly era: Era }) => void;
  /** Each collection's run with its responses, as it ends (the app shows failed comparisons as diffs). */
  readonly onRun?: (run: CollectionRun, loaded: LoadedCollection) => void;
}

export async function runCollections(options: RunCollectionsOptions): Promise<RunReport> {
  const started = performance.now();
  const connections = new Map<string, Promise<CollectionConnection>>();
  const reports: CollectionReport[] = [];
  const eraDifferences: EraDifference[] = [];
  let bailed = false;
  try {
    for (const { file, collection } of options.collections) {
      const runs = [];
      for (const era of options.eras) {
        const run = await runCollection(collection, {
          file,
          era,
          now: () => performance.now(),
          ...(options.environment ? { environment: options.environment } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.bail ? { bail: true } : {}),
          ...(options.onEvent ? { onEvent: (event: RunEvent) => options.onEvent?.({ ...event, file, era }) } : {}),
          gatewayFor: (profile) => {
            const name = profile ?? options.profile ?? DEFAULT_PROFILE;
            const key = `${name}\u0000${era}`;
            let connection = connections.get(key);
            if (!connection) {
              connection = CollectionConnection.open({
                profile: name,
                era,
                env: options.env,
                paths: options.paths,
                ...(options.keychain ? { keychain: options.keychain } : {}),
              });
              // A failed connection is reported by every item that needs it, not retried per item.
              connections.set(key, connection);
            }
            return connection;
          },
        });
        reports.push(run.report);
        options.onRun?.(run, { file, collection });
        runs.push(run);
        if (options.bail && run.report.items.some((i) => i.status !== 'passed')) bailed = true;
        if (bailed || options.signal?.aborted) break;
      }
      const [first, second] = runs;
      if (first && second) eraDifferences.push(...compareEras(file, collection, first.responses, second.responses));
      if (bailed || options.signal?.aborted) break;
    }
  } finally {
    await Promise.all(
      [...connections.values()].map((c) =>
        c.then(
          (open) => open.close(),
          () => undefined,
        ),
      ),
    );
  }
  return { collections: reports, eraDifferences, durationMs: performance.now() - started };
}
