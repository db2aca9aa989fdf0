/**
 * The "Save to collection…" button the playground shows on a result and on each history entry, with its
 * dialog. A history entry's result is read from main when the dialog saves (the list holds summaries).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppendTarget } from '../../../../domain/ipc/collections-channels';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import type { ToolResult } from '../../../../domain/ipc/playground-channels';
import { useApi } from '../../app/api-context';
import { itemFromPlaygroundCall, responseOf } from './call-item';
import type { Pick } from './pick-assertions';
import { useAppendToCollection } from './collections-mutations';
import { collectionListQuery } from './collections-queries';
import { SaveToCollectionDialog } from './SaveToCollectionDialog';

interface CallResult {
  readonly arguments: Record<string, unknown>;
  readonly result: ToolResult;
}

export type SavableCall =
  | { readonly tool: string; readonly arguments: Record<string, unknown>; readonly result: ToolResult | undefined }
  | { readonly tool: string; readonly historyId: string };

const NO_RESULT = 'This call has no result to save (it failed before the tool answered).';

/** The call's arguments and result: as handed in, or a history entry's read from main (an entry never changes). */
function useCallResult(api: CompanionApi, call: SavableCall): { data?: CallResult; error?: string; pending: boolean } {
  const historyId = 'historyId' in call ? call.historyId : undefined;
  const entry = useQuery({
    queryKey: ['collections', 'history-entry', historyId ?? ''],
    queryFn: async (): Promise<CallResult> => {
      const found = await api.playground.historyEntry(historyId!);
      if (!found.result)
        throw new Error(
          found.resultDropped !== undefined
            ? 'This entry’s result was too large to keep across restarts; run the call again and save that result.'
            : NO_RESULT,
        );
      return { arguments: found.arguments, result: found.result };
    },
    enabled: historyId !== undefined,
    staleTime: Infinity,
  });
  if ('result' in call)
    return call.result
      ? { data: { arguments: call.arguments, result: call.result }, pending: false }
      : { error: NO_RESULT, pending: false };
  return { ...(entry.data ? { data: entry.data } : {}), ...(entry.error ? { error: entry.error.message } : {}), pending: entry.isPending };
}

function Dialog({ call, onClose }: { call: SavableCall; onClose: () => void }) {
  const api = useApi();
  const list = useQuery(collectionListQuery(api));
  const found = useCallResult(api, call);
  const append = useAppendToCollection();
  const save = (target: AppendTarget, picks: readonly Pick[]) => {
    if (!found.data) return;
    append.mutate({ target, item: itemFromPlaygroundCall({ tool: call.tool, ...found.data }, picks) });
  };
  const response = found.data ? responseOf(found.data.result) : undefined;
  const tree =
    response === undefined
      ? undefined
      : response.structuredContent !== undefined
        ? { value: response.structuredContent, root: '/structuredContent' }
        : { value: response, root: '' };
  return (
    <SaveToCollectionDialog
      tool={call.tool}
      collections={list.data?.collections ?? (list.isError ? [] : null)}
      saving={append.isPending || found.pending}
      error={found.error ?? append.error?.message ?? list.error?.message ?? list.data?.problem}
      saved={append.data ? `Saved as item ${append.data.items} of ${append.data.file}.` : undefined}
      tree={tree}
      onSave={save}
      onClose={onClose}
    />
  );
}

export function SaveToCollectionButton({
  call,
  className = 'button small',
  label = 'Save to collection…',
}: {
  call: SavableCall;
  className?: string;
  /** A short text where space is tight (a history row); the accessible name always says what it does. */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const disabled = 'result' in call && !call.result;
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-label={label === 'Save to collection…' ? undefined : `Save the ${call.tool} call to a collection`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && <Dialog call={call} onClose={() => setOpen(false)} />}
    </>
  );
}
