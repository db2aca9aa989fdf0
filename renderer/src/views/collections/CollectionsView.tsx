/**
 * Collections: the collection files in the app's collections folder; open one to see its items and
 * assertions, run it with a progress bar (and Cancel), and read each item's and assertion's outcome, with
 * a diff for each failed comparison.
 */
import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CollectionRunResult } from '../../../../domain/ipc/collections-channels';
import { useApi } from '../../app/api-context';
import { CollectionItems, runSummary } from './CollectionItems';
import { CollectionList } from './CollectionList';
import { useCancelRun, useRunCollection } from './collections-mutations';
import { collectionsKeys, useCollection, useCollectionList } from './collections-queries';
import { openCollection, useCollectionsUi } from './collections-ui-store';
import { followRunProgress, useRunStore } from './run-store';
import { RunProgress } from './RunProgress';
import './collections.css';

/** Progress has its own subscribers, so an event re-renders the bar, not the items. */
function RunningProgress() {
  const runId = useRunStore((s) => s.runId);
  const done = useRunStore((s) => s.done);
  const total = useRunStore((s) => s.total);
  const current = useRunStore((s) => s.current);
  const cancel = useCancelRun();
  return <RunProgress done={done} total={total} current={current} cancelling={cancel.isPending} onCancel={() => cancel.mutate(runId)} />;
}

function CollectionDetail({ file }: { file: string }) {
  const collection = useCollection(file);
  const run = useRunCollection(file);
  // From the mutation cache, not this component's observer: a run started before the view was left is
  // still shown running, and its result, when the user comes back.
  const running = useIsMutating({ mutationKey: collectionsKeys.run(file) }) > 0;
  const last = useMutationState({ filters: { mutationKey: collectionsKeys.run(file) }, select: (m) => m.state }).at(-1);
  const result = last?.status === 'success' ? (last.data as CollectionRunResult) : undefined;
  const failure = last?.status === 'error' ? last.error : undefined;
  const liveItems = useRunStore((s) => s.items);
  if (collection.isPending) return <p className="muted">Loading {file}…</p>;
  if (collection.isError)
    return (
      <p className="callout error" role="alert">
        {collection.error.message}
      </p>
    );
  const { items, name, description } = collection.data.collection;
  const results = running ? liveItems : (result?.items ?? []);
  return (
    <section className="panel stack-sm col-detail" aria-labelledby="col-detail-title">
      <div className="col-detail-head">
        <div>
          <h2 id="col-detail-title">{name}</h2>
          <p className="muted small">
            {file} · {items.length} item{items.length === 1 ? '' : 's'}
          </p>
          {description && <p className="small">{description}</p>}
        </div>
        <button type="button" className="button primary" disabled={running || items.length === 0} onClick={() => run.mutate(items.length)}>
          {result ? 'Run again' : 'Run'}
        </button>
      </div>
      {running && <RunningProgress />}
      {failure && !running && (
        <p className="callout error" role="alert">
          {failure.message}
        </p>
      )}
      {result && !running && (
        <p className={`callout ${result.items.every((i) => i.status === 'passed') ? 'ok' : 'error'}`} role="status">
          {runSummary(result.items)} in {(result.durationMs / 1000).toFixed(1)} s
        </p>
      )}
      <CollectionItems items={items} results={results} />
    </section>
  );
}

export function CollectionsView() {
  const api = useApi();
  const list = useCollectionList();
  const open = useCollectionsUi((s) => s.open);
  useEffect(() => followRunProgress(api), [api]);
  return (
    <div className="col-view">
      <section className="panel stack-sm col-side" aria-labelledby="col-list-title">
        <h2 id="col-list-title">Collections</h2>
        {list.isPending && <p className="muted">Reading the collections folder…</p>}
        {list.isError && (
          <p className="callout error" role="alert">
            {list.error.message}
          </p>
        )}
        {list.data && (
          <>
            <CollectionList collections={list.data.collections} open={open} onOpen={openCollection} />
            <p className="muted small col-folder">
              Folder: <code>{list.data.folder}</code>
            </p>
          </>
        )}
      </section>
      {open ? (
        <CollectionDetail key={open} file={open} />
      ) : (
        <p className="muted col-empty">Choose a collection to see its items, run it and read the results.</p>
      )}
    </div>
  );
}
