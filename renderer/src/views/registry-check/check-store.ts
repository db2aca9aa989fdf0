/** State of the registry check view: the running scan's progress and the last report (kept while the app runs). */
import { create } from 'zustand';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import type { RegistryReport } from '../../../../domain/ipc/registry-channels';
import { NO_FILTERS, type FindingFilters } from './findings-filter';

export interface ScanProgress {
  done: number;
  total: number;
  chain?: string;
}

/**
 * Fed by the scan's answer and main's progress events. Components subscribe with selectors (never the
 * whole store): a progress event changes `progress` only, so only the progress bar re-renders.
 */
export interface CheckState {
  status: 'idle' | 'running' | 'done' | 'error';
  scanId: string;
  progress: ScanProgress;
  report: RegistryReport | null;
  error: string | null;
  filters: FindingFilters;
}

const initial: CheckState = {
  status: 'idle',
  scanId: '',
  progress: { done: 0, total: 0 },
  report: null,
  error: null,
  filters: NO_FILTERS,
};

export const useCheckStore = create<CheckState>()(() => initial);

/** Back to the state the app starts in (tests). */
export function resetCheckStore(): void {
  useCheckStore.setState(initial, true);
}

export function setFilters(change: Partial<FindingFilters>): void {
  useCheckStore.setState((s) => ({ filters: { ...s.filters, ...change } }));
}

/**
 * Follows progress events of the running scan. The view subscribes while it is shown, so the browser
 * event stream is already connected when a scan starts.
 */
export function followProgress(api: CompanionApi): () => void {
  return api.on('registry:progress', (p) => {
    const s = useCheckStore.getState();
    if (p.scanId !== s.scanId || s.status !== 'running') return;
    useCheckStore.setState({ progress: { done: p.done, total: p.total, ...(p.chain ? { chain: p.chain } : {}) } });
  });
}

/** Scans the whole registry; progress arrives as events tagged with this scan's id. */
export async function runCheck(api: CompanionApi, root: string): Promise<void> {
  const scanId = `scan-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  useCheckStore.setState({ status: 'running', scanId, progress: { done: 0, total: 0 }, error: null });
  try {
    const report = await api.registry.check(root, { scanId });
    if (useCheckStore.getState().scanId !== scanId) return;
    const known = new Set(report.findings.map((f) => f.chain));
    const { filters } = useCheckStore.getState();
    useCheckStore.setState({
      status: 'done',
      report,
      progress: { done: 1, total: 1 },
      filters: known.has(filters.chain) ? filters : { ...filters, chain: '' },
    });
  } catch (error) {
    if (useCheckStore.getState().scanId === scanId) useCheckStore.setState({ status: 'error', error: (error as Error).message });
  }
}
