import type { QueryClient } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { CallOutcome } from '../../../../../domain/ipc/playground-channels';
import { argumentCheckQuery, connectionIn, rereadHistory } from './playground-queries';
import { useWorkbenchStore, type Args } from './workbench-store';

const newCallId = () => crypto.randomUUID();

/**
 * Validates the arguments in main (ajv), and only if they pass calls the tool through the bridge.
 * Invalid arguments are never sent: the issues go next to their fields instead. The check is the live
 * check's query (argumentCheckQuery), asked afresh: its answer is the one list of issues the form shows.
 */
export async function runTool(api: CompanionApi, client: QueryClient, tool: string, args: Args): Promise<void> {
  const work = useWorkbenchStore.getState();
  if (work.running) return;
  work.submit();
  try {
    const check = await client.fetchQuery({ ...argumentCheckQuery(api, tool, args), staleTime: 0 });
    if (!check.valid) {
      const n = check.issues.length;
      work.refuse(`Not sent: ${n === 1 ? 'one argument needs' : `${n} arguments need`} fixing first.`);
      return;
    }
  } catch (error) {
    work.notSentBecause((error as Error).message);
    return;
  }
  const callId = newCallId();
  work.setRunning({ callId, tool, startedAt: performance.now() });
  const profile = connectionIn(client)?.profile ?? '';
  let outcome: CallOutcome;
  try {
    outcome = await api.playground.call({ callId, tool, arguments: args });
  } catch (error) {
    // Not connected any more, or the services went away: shown like a failed call.
    outcome = {
      callId,
      tool,
      status: 'error',
      startedAt: Date.now(),
      durationMs: 0,
      bytes: 0,
      error: { code: (error as { code?: string }).code ?? 'failed', message: (error as Error).message },
    };
  } finally {
    useWorkbenchStore.getState().setRunning(undefined);
  }
  useWorkbenchStore.getState().show({ outcome, args, profile, source: 'live' });
  void rereadHistory(client);
}

export async function cancelRunning(api: CompanionApi): Promise<void> {
  const running = useWorkbenchStore.getState().running;
  if (running) await api.playground.cancel(running.callId).catch(() => undefined);
}

/** Opens a history entry's stored result in the Result panel. */
export async function showHistoryEntry(api: CompanionApi, id: string): Promise<void> {
  const entry = await api.playground.historyEntry(id);
  useWorkbenchStore.getState().show({
    outcome: {
      callId: entry.id,
      tool: entry.tool,
      status: entry.status,
      startedAt: entry.startedAt,
      durationMs: entry.durationMs,
      bytes: entry.bytes,
      ...(entry.result ? { result: entry.result } : {}),
      ...(entry.error ? { error: entry.error } : {}),
      historyId: entry.id,
    },
    args: entry.arguments,
    profile: entry.profile,
    source: 'history',
    ...(entry.resultDropped !== undefined && !entry.result ? { dropped: entry.resultDropped } : {}),
  });
}

/** A follow-up call from a result (a route step, a category): loads it into the editor and runs it. */
export function runWith(api: CompanionApi, client: QueryClient, tool: string, args: Args): void {
  const tools = connectionIn(client)?.tools ?? [];
  if (!tools.some((t) => t.name === tool)) return;
  useWorkbenchStore.getState().load(tool, args);
  void runTool(api, client, tool, args);
}
