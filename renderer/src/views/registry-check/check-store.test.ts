import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import type { RegistryReport } from '../../../../domain/ipc/registry-channels';
import { followProgress, resetCheckStore, runCheck, setFilters, useCheckStore } from './check-store';

type Progress = { scanId: string; done: number; total: number; chain?: string };

/** An api whose scan waits until the test answers it, and whose progress events the test sends. */
function fakeApi() {
  let emit: (p: Progress) => void = () => undefined;
  let answer: (r: RegistryReport) => void = () => undefined;
  const api = {
    on: (_channel: string, listener: (p: Progress) => void) => {
      emit = listener;
      return () => undefined;
    },
    registry: { check: () => new Promise<RegistryReport>((resolve) => (answer = resolve)) },
  } as unknown as CompanionApi;
  return { api, emit: (p: Progress) => emit(p), answer: (r: RegistryReport) => answer(r) };
}

const report = (chains: string[]) =>
  ({ root: '/r', findings: chains.map((chain) => ({ chain })), summary: {}, totalMs: 1 }) as unknown as RegistryReport;

beforeEach(resetCheckStore);

describe('check store', () => {
  it('follows the progress of the running scan only, changing nothing but the progress', async () => {
    const { api, emit, answer } = fakeApi();
    followProgress(api);
    const running = runCheck(api, '/r');
    const { scanId, filters } = useCheckStore.getState();
    emit({ scanId: 'another-scan', done: 5, total: 10 });
    expect(useCheckStore.getState().progress).toEqual({ done: 0, total: 0 });
    emit({ scanId, done: 3, total: 10, chain: 'cosmos' });
    expect(useCheckStore.getState().progress).toEqual({ done: 3, total: 10, chain: 'cosmos' });
    expect(useCheckStore.getState().filters).toBe(filters);
    answer(report(['cosmos']));
    await running;
    expect(useCheckStore.getState().status).toBe('done');
    emit({ scanId, done: 4, total: 10 });
    expect(useCheckStore.getState().progress).toEqual({ done: 1, total: 1 });
  });

  it('keeps the chain filter when the new report still has that chain, and drops it otherwise', async () => {
    setFilters({ chain: 'cosmos', text: 'logo' });
    let scan = fakeApi();
    let running = runCheck(scan.api, '/r');
    scan.answer(report(['cosmos', 'osmosis']));
    await running;
    expect(useCheckStore.getState().filters).toEqual({ chain: 'cosmos', severity: 'all', text: 'logo' });
    scan = fakeApi();
    running = runCheck(scan.api, '/r');
    scan.answer(report(['osmosis']));
    await running;
    expect(useCheckStore.getState().filters).toEqual({ chain: '', severity: 'all', text: 'logo' });
  });

  it('says why a scan failed', async () => {
    const api = { registry: { check: () => Promise.reject(new Error('Not a registry folder.')) } } as unknown as CompanionApi;
    await runCheck(api, '/r');
    expect(useCheckStore.getState()).toMatchObject({ status: 'error', error: 'Not a registry folder.' });
  });
});
