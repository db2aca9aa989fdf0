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

beforeEach(resetRunStore);

describe('run store', () => {
  it("follows the current run's events only, collecting finished items", () => {
    const { api, send } = fakeApi();
    const stop = followRunProgress(api);
    beginRun('r1', 'a.collection.json', 2);
    send({ runId: 'r1', done: 0, total: 2, current: 'i1' });
    expect(useRunStore.getState()).toMatchObject({ done: 0, total: 2, current: 'i1', items: [] });
    send({ runId: 'other', done: 2, total: 2, item: item(9) });
    send({ runId: 'r1', done: 1, total: 2, item: item(1) });
    expect(useRunStore.getState()).toMatchObject({ done: 1, current: '', items: [item(1)] });
    endRun('other');
    expect(useRunStore.getState().runId).toBe('r1');
    endRun('r1');
    expect(useRunStore.getState()).toMatchObject({ runId: '', items: [] });
    send({ runId: 'r1', done: 2, total: 2, item: item(2) });
    expect(useRunStore.getState().items).toEqual([]);
    stop();
  });
});
