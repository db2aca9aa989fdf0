import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import type { CollectionRunEvent } from '../../../../domain/ipc/collections-channels';
import { beginRun, endRun, followRunProgress, resetRunStore, useRunStore } from './run-store';

function fakeApi() {
  let listener: ((e: CollectionRunEvent) => void) | undefined;
  const api = {
    on: (_event: string, l: (e: CollectionRunEvent) => void) => {
      listener = l;
      return () => (listener = undefined);
    },
  } as unknown as CompanionApi;
  return { api, send: (e: CollectionRunEvent) => listener?.(e) };
}

const item = (index: number) => ({ index, name: `i${index}`, tool: 't', status: 'passed' as const, problems: [], assertions: [] });
const era = '2025-11-25' as const;

beforeEach(resetRunStore);

describe('run store', () => {
  it("follows the current run's events only, collecting finished items", () => {
    const { api, send } = fakeApi();
    const stop = followRunProgress(api);
    beginRun('r1', 'a.collection.json', 2);
    send({ runId: 'r1', era, done: 0, total: 2, current: 'i1' });
    expect(useRunStore.getState()).toMatchObject({ done: 0, total: 2, current: 'i1', era, runs: [] });
    send({ runId: 'other', era, done: 2, total: 2, item: item(9) });
    send({ runId: 'r1', era, done: 1, total: 2, item: item(1) });
    expect(useRunStore.getState()).toMatchObject({ done: 1, current: '', runs: [{ era, items: [item(1)] }] });
    endRun('other');
    expect(useRunStore.getState().runId).toBe('r1');
    endRun('r1');
    expect(useRunStore.getState()).toMatchObject({ runId: '', runs: [] });
    send({ runId: 'r1', era, done: 2, total: 2, item: item(2) });
    expect(useRunStore.getState().runs).toEqual([]);
    stop();
  });

  it('keeps each era’s finished items apart, in the order the eras run', () => {
    const { api, send } = fakeApi();
    const stop = followRunProgress(api);
    beginRun('r2', 'a.collection.json', 4);
    send({ runId: 'r2', era, done: 1, total: 4, item: item(1) });
    send({ runId: 'r2', era, done: 2, total: 4, item: item(2) });
    send({ runId: 'r2', era: '2026-07-28', done: 2, total: 4, current: 'i1' });
    expect(useRunStore.getState()).toMatchObject({ current: 'i1', era: '2026-07-28' });
    send({ runId: 'r2', era: '2026-07-28', done: 3, total: 4, item: item(1) });
    expect(useRunStore.getState().runs).toEqual([
      { era, items: [item(1), item(2)] },
      { era: '2026-07-28', items: [item(1)] },
    ]);
    stop();
  });
});
