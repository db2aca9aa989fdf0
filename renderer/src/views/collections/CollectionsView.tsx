/**
 * Collections: the collection files in the collections folder (the default one in the app's data, or one
 * the user chose, such as a folder of their git repository); open one to see its items and
 * assertions, run it with the options `companion test` has (profile, protocol era or both, environment
 * file) with a progress bar (and Cancel), and read each item's and assertion's outcome per era, with a
 * diff for each failed comparison and what differed between the eras.
 */
import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { erasOf, type Era } from '../../../../domain/collections/eras';
import type { Collection } from '../../../../domain/collections/format';
import type { CollectionRunResult } from '../../../../domain/ipc/collections-channels';
import { useApi } from '../../app/api-context';
import { useAppInfo } from '../../app/app-info';
import { useProfiles } from '../playground/state/profiles-queries';
import { CollectionItems, runSummary, type EraResults } from './CollectionItems';
import { CollectionList } from './CollectionList';
import { CollectionsFolderControl } from './CollectionsFolderControl';
import { useCancelRun, useRunCollection } from './collections-mutations';
import { collectionsKeys, useCollection, useCollectionList, useEnvironmentFile } from './collections-queries';
import { choicesInEffect, chooseRunOptions, openCollection, runChoicesOf, useCollectionsUi, type RunChoices } from './collections-ui-store';
import { EnvironmentFileBrowser } from './EnvironmentFileBrowser';
import { followRunProgress, useRunStore } from './run-store';
import { RunOptions, type EnvironmentState } from './RunOptions';
import { RunProgress } from './RunProgress';
import './collections.css';

/** What a run mutation was called with (collections-mutations.ts). */
interface RunVariables {
  readonly items: number;
  readonly choices: RunChoices;
}

/** Progress has its own subscribers, so an event re-renders the bar, not the items. */
function RunningProgress({ bothEras }: { bothEras: boolean }) {
  const runId = useRunStore((s) => s.runId);
  const done = useRunStore((s) => s.done);
  const total = useRunStore((s) => s.total);
  const current = useRunStore((s) => s.current);
  const era = useRunStore((s) => s.era);
  const cancel = useCancelRun();
  return (
    <RunProgress
      done={done}
      total={total}
      current={current}
      era={bothEras ? era : undefined}
      cancelling={cancel.isPending}
      onCancel={() => cancel.mutate(runId)}
    />
  );
}

/** The folder part of the path given (where the file picker opens); null (home) when it has none. */
function folderOf(file: string): string | null {
  const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return cut > 0 ? file.slice(0, cut) : null;
}

/** The run options of one collection: its remembered choices, the profiles, and what the environment file supplies. */
function RunOptionsPanel({
  file,
  collection,
  choices,
  profiles,
  disabled,
}: {
  file: string;
  collection: Collection;
  choices: RunChoices;
  profiles: readonly string[] | undefined;
  disabled: boolean;
}) {
  const api = useApi();
  const host = useAppInfo().data?.host;
  const environment = useEnvironmentFile(choices.envFile);
  // Browser mode has no system file dialog: the app's own file browser opens instead.
  const [browsing, setBrowsing] = useState(false);
  const [chooseError, setChooseError] = useState<string>();
  const state: EnvironmentState =
    choices.envFile === ''
      ? { state: 'none' }
      : environment.isError
        ? { state: 'error', message: environment.error.message }
        : environment.data
          ? { state: 'ok', file: environment.data.file, variables: environment.data.variables }
          : { state: 'checking' };
  const choose = () => {
    setChooseError(undefined);
    if (host !== 'electron') {
      setBrowsing(true);
      return;
    }
    api.collections.pickEnvironmentFile().then(
      ({ path }) => path && chooseRunOptions(file, { envFile: path }),
      (e: Error) => setChooseError(e.message),
    );
  };
  const itemProfiles = [...new Set(collection.items.flatMap((i) => (i.profile ? [i.profile] : [])))];
  return (
    <>
      <RunOptions
        choices={choices}
        profiles={profiles}
        itemProfiles={itemProfiles}
        collectionVariables={Object.keys(collection.variables ?? {})}
        environment={state}
        canChoose={host !== undefined}
        disabled={disabled}
        onChange={(change) => chooseRunOptions(file, change)}
        onChooseFile={choose}
      />
      {chooseError && (
        <p className="callout error" role="alert">
          {chooseError}
        </p>
      )}
      {browsing && (
        <EnvironmentFileBrowser
          start={folderOf(environment.data?.file ?? choices.envFile)}
          onChoose={(path) => chooseRunOptions(file, { envFile: path })}
          onClose={() => setBrowsing(false)}
        />
      )}
    </>
  );
}

/** "2 passed in 1.2 s", or per era with what the comparison found. */
function resultSummary(result: CollectionRunResult, eras: readonly Era[]): string {
  const seconds = `in ${(result.durationMs / 1000).toFixed(1)} s`;
  if (eras.length < 2) return `${runSummary(result.runs[0]?.items ?? [])} ${seconds}`;
  const perEra = result.runs.map((r) => `${r.era}: ${runSummary(r.items)}`).join('; ');
  const differ = result.eraDifferences.length;
  const comparison =
    result.runs.length < 2
      ? 'not compared'
      : differ === 0
        ? 'the eras agree'
        : `${differ} item${differ === 1 ? ' differs' : 's differ'} between the eras`;
  return `${perEra}; ${comparison} ${seconds}`;
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
  const ranWith = (last?.variables as RunVariables | undefined)?.choices;
  const liveRuns = useRunStore((s) => s.runs);
  const remembered = useCollectionsUi((s) => runChoicesOf(s, file));
  const profiles = useProfiles({ refresh: true })
    .data?.filter((p) => p.kind === 'remote')
    .map((p) => p.name);
  const choices = choicesInEffect(remembered, profiles);
  if (collection.isPending) return <p className="muted">Loading {file}…</p>;
  if (collection.isError)
    return (
      <p className="callout error" role="alert">
        {collection.error.message}
      </p>
    );
  const { items, name, description } = collection.data.collection;
  const eras = erasOf(ranWith?.era);
  const runs: readonly EraResults[] = running ? liveRuns : (result?.runs ?? []);
  const allPassed = result !== undefined && result.runs.every((r) => r.items.every((i) => i.status === 'passed'));
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
        <button
          type="button"
          className="button primary"
          disabled={running || items.length === 0}
          onClick={() => run.mutate({ items: items.length, choices })}
        >
          {result ? 'Run again' : 'Run'}
        </button>
      </div>
      <RunOptionsPanel file={file} collection={collection.data.collection} choices={choices} profiles={profiles} disabled={running} />
      {running && <RunningProgress bothEras={eras.length > 1} />}
      {failure && !running && (
        <p className="callout error" role="alert">
          {failure.message}
        </p>
      )}
      {result && !running && (
        <div className={`callout ${allPassed && result.eraDifferences.length === 0 ? 'ok' : 'error'}`}>
          <p role="status">{resultSummary(result, eras)}</p>
          <p className="small">
            Items that name no profile ran on profile <code>{result.profile}</code>
            {result.environment && (
              <>
                , with the variables of <code className="col-path">{result.environment.file}</code>
              </>
            )}
            .
          </p>
        </div>
      )}
      <CollectionItems items={items} eras={eras} runs={runs} eraDifferences={running ? [] : (result?.eraDifferences ?? [])} />
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
            {/* A chosen folder that cannot be used has no list to show: the folder control says why. */}
            {list.data.problem === undefined && <CollectionList collections={list.data.collections} open={open} onOpen={openCollection} />}
            <CollectionsFolderControl state={list.data} />
          </>
        )}
      </section>
      {/* With the chosen folder unusable there is nothing to open: the folder control says why, once. */}
      {list.data?.problem !== undefined ? null : open ? (
        <CollectionDetail key={open} file={open} />
      ) : (
        <p className="muted col-empty">Choose a collection to see its items, run it and read the results.</p>
      )}
    </div>
  );
}
