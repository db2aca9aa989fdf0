import { describe, expect, it } from 'vitest';
import { UndoStack } from './undo-stack';

/** A folder-like state changed by steps, each of which pushes its inverse. */
function setup() {
  const log: string[] = [];
  const undo = new UndoStack();
  const step = (name: string, fail = false) => {
    if (fail) throw new Error(`${name} failed`);
    log.push(`do ${name}`);
    undo.push(name, async () => {
      log.push(`undo ${name}`);
      return `${name} undone`;
    });
  };
  return { log, undo, step };
}

describe('UndoStack', () => {
  it('a step that fails mid-way unwinds exactly the steps done, in reverse', async () => {
    const { log, undo, step } = setup();
    try {
      step('create');
      step('switch');
      step('stage');
      step('commit', true);
    } catch {
      const report = await undo.unwind();
      expect(report.failed).toEqual([]);
      expect(report.done.map((d) => d.said)).toEqual(['stage undone', 'switch undone', 'create undone']);
    }
    expect(log).toEqual(['do create', 'do switch', 'do stage', 'undo stage', 'undo switch', 'undo create']);
    expect(undo.size).toBe(0);
  });

  it('an inverse that fails is reported, and the rest still run', async () => {
    const { log, undo, step } = setup();
    step('create');
    undo.push('switch', async () => {
      log.push('undo switch');
      throw new Error('HEAD is locked');
    });
    step('stage');
    const report = await undo.unwind();
    expect(log).toEqual(['do create', 'do stage', 'undo stage', 'undo switch', 'undo create']);
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0]!.name).toBe('switch');
    expect(report.failed[0]!.error.message).toBe('HEAD is locked');
    expect(report.done.map((d) => d.name)).toEqual(['stage', 'create']);
  });

  it('a thrown non-error is reported as an error too', async () => {
    const undo = new UndoStack();
    // An inverse written by someone else may reject with anything; the report still holds an Error.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    undo.push('odd', () => Promise.reject('plain text'));
    const report = await undo.unwind();
    expect(report.failed[0]!.error).toBeInstanceOf(Error);
    expect(report.failed[0]!.error.message).toBe('plain text');
  });

  it('runs each inverse once, leaves kept steps as they are, and says nothing for silent inverses', async () => {
    const { log, undo, step } = setup();
    step('create');
    undo.push('quiet', async () => undefined);
    step('switch');
    const report = await undo.unwind({ keep: ['create'] });
    expect(report.done.map((d) => d.name)).toEqual(['switch']);
    expect(log).toEqual(['do create', 'do switch', 'undo switch']);
    expect((await undo.unwind()).done).toEqual([]);
    expect(log).toHaveLength(3);
  });

  it('on success the stack is dropped and nothing is undone', async () => {
    const { log, undo, step } = setup();
    step('create');
    step('switch');
    undo.drop();
    expect(undo.size).toBe(0);
    expect(await undo.unwind()).toEqual({ done: [], failed: [] });
    expect(log).toEqual(['do create', 'do switch']);
  });
});
