/**
 * Reviewed plans held for the button that carries them out ("Write files", "Open pull request"), each
 * under a fresh random id the renderer sends back. Only the newest few are held: an older review is
 * planned again, which is always safe, so the bound is what keeps memory flat.
 */
import { randomUUID } from 'node:crypto';
import { KeepNewest } from './keep-newest';

/** Reviews a user may still act on: more than one tab or a Back and forth, not an unbounded history. */
export const KEEP_PLANS = 8;

export class HeldPlans<P> {
  private readonly plans: KeepNewest<string, P>;

  constructor(bound = KEEP_PLANS) {
    this.plans = new KeepNewest(bound);
  }

  /** Holds `plan` and returns its id. */
  hold(plan: P): string {
    const id = randomUUID();
    this.plans.set(id, plan);
    return id;
  }

  /** The plan held under `id`, or undefined when it was never held, was dropped, or was carried out. */
  get(id: string): P | undefined {
    return this.plans.get(id);
  }

  /** The plan was carried out: it cannot be carried out twice. */
  forget(id: string): void {
    this.plans.delete(id);
  }
}
