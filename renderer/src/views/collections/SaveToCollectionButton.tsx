/**
 * The "Save to collection…" button the playground shows on a result and on each history entry, with its
 * dialog. A history entry's result is read from main when the dialog saves (the list holds summaries).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import type { ToolResult } from '../../../../domain/ipc/playground-channels';
import { useApi } from '../../app/api-context';
import { itemFromPlaygroundCall } from './call-item';
import { useAppendToCollection } from './collections-mutations';
import { collectionListQuery } from './collections-queries';
import { SaveToCollectionDialog } from './SaveToCollectionDialog';

export type SavableCall =
  | { readonly tool: string; readonly arguments: Record<string, unknown>; readonly result: ToolResult | undefined }
  | { readonly tool: string; readonly historyId: string };

async function resultOf(api: CompanionApi, call: SavableCall): Promise<{ arguments: Record<string, unknown>; result: ToolResult }> {
  if ('result' in call) {
    if (!call.result) throw new Error('This call has no result to save (it failed before the tool answered).');
    return { arguments: call.arguments, result: call.result };
  }
  const entry = await api.playground.historyEntry(call.historyId);
  if (!entry.result)
    throw new Error(
      entry.resultDropped !== undefined
        ? 'This entry’s result was too large to keep across restarts; run the call again and save that result.'
        : 'This call has no result to save (it failed before the tool answered).',
    );
  return { arguments: entry.arguments, result: entry.result };
}

function Dialog({ call, onClose }: { call: SavableCall; onClose: () => void }) {
  const api = useApi();
  const list = useQuery(collectionListQuery(api));
  const append = useAppendToCollection();
  const [error, setError] = useState<string>();
  const save = async (target: Parameters<typeof api.collections.append>[0]) => {
    setError(undefined);
    try {
      const found = await resultOf(api, call);
      append.mutate({ target, item: itemFromPlaygroundCall({ tool: call.tool, ...found }) });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <SaveToCollectionDialog
      tool={call.tool}
      collections={list.data?.collections ?? (list.isError ? [] : null)}
      saving={append.isPending}
      error={error ?? append.error?.message ?? list.error?.message}
      saved={append.data ? `Saved as item ${append.data.items} of ${append.data.file}.` : undefined}
      onSave={(target) => void save(target)}
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
