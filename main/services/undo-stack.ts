/**
 * An undo stack for work that changes something step by step (a git folder's branch, HEAD and index):
 * each step that changes it pushes its inverse; on failure the stack unwinds in reverse order, and an
 * inverse that itself fails is reported while the rest still run, so as much as possible is put back.
 * On success the stack is dropped. Nothing here knows about git: the inverses say in plain words what
 * they put back.
 */

/** Puts one step back; resolves to what it did in plain words (undefined: nothing needed saying). */
export type Inverse = () => Promise<string | undefined>;

export interface UndoFailure {
  readonly name: string;
  readonly error: Error;
}

export interface UnwindReport {
  /** What was put back, by step name, in the order the inverses ran (the reverse of the steps). */
  readonly done: readonly { readonly name: string; readonly said: string }[];
  /** The inverses that failed, in the order they ran. */
  readonly failed: readonly UndoFailure[];
}

export interface UnwindOptions {
  /** Names of steps to leave as they are (their inverse is dropped without running). */
  readonly keep?: readonly string[];
}

export class UndoStack {
  private steps: { readonly name: string; readonly inverse: Inverse }[] = [];

  /** Records the inverse of a step; push it before the step runs when a half-done step needs undoing too. */
  push(name: string, inverse: Inverse): void {
    this.steps.push({ name, inverse });
  }

  /** How many inverses are waiting. */
  get size(): number {
    return this.steps.length;
  }

  /** The work succeeded: forget every inverse. */
  drop(): void {
    this.steps = [];
  }

  /** Runs the inverses newest first, each once; the stack is empty afterwards. Never rejects. */
  async unwind(options: UnwindOptions = {}): Promise<UnwindReport> {
    const steps = this.steps.reverse();
    this.steps = [];
    const done: { name: string; said: string }[] = [];
    const failed: UndoFailure[] = [];
    for (const { name, inverse } of steps) {
      if (options.keep?.includes(name)) continue;
      try {
        const said = await inverse();
        if (said !== undefined) done.push({ name, said });
      } catch (error) {
        failed.push({ name, error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
    return { done, failed };
  }
}
