import type { Provider, SwapDomain } from './domains';
import type { Asset } from '../catalog';

export type StepType = 'STEP_TYPE_SWAP' | 'STEP_TYPE_BRIDGE' | 'STEP_TYPE_WRAP' | 'STEP_TYPE_UNWRAP';

/** One leg of a route: what moves where, through which provider (none for wrapping). */
export interface StepPlan {
  readonly type: StepType;
  readonly provider: Provider | undefined;
  readonly fromDomain: SwapDomain;
  readonly toDomain: SwapDomain;
  readonly fromAsset: Asset;
  readonly toAsset: Asset;
}

/** What a quote promised for one step; the route-step endpoint turns it into a transaction. */
export interface StoredStep extends StepPlan {
  readonly id: string;
  readonly accessId: string;
  readonly expiresAt: number;
  readonly fromAmount: bigint;
  readonly minAmountOut: bigint;
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly gasLimit: bigint;
}

// Expired steps are remembered a while longer, so a late request hears "expired", not "unknown".
const FORGET_AFTER_MS = 10 * 60_000;
const MAX_STEPS = 50_000;

export class StepStore {
  private readonly steps = new Map<string, StoredStep>();

  put(step: StoredStep, now: number): void {
    if (this.steps.size >= MAX_STEPS) this.prune(now);
    // Still full of live steps: drop the oldest (Map keeps insertion order).
    while (this.steps.size >= MAX_STEPS) {
      const oldest = this.steps.keys().next().value;
      if (oldest === undefined) break;
      this.steps.delete(oldest);
    }
    this.steps.set(step.id, step);
  }

  /** The step if it exists and belongs to the account; other accounts' steps are invisible. */
  get(id: string, accessId: string, now: number): StoredStep | undefined {
    const step = this.steps.get(id);
    if (!step || step.accessId !== accessId) return undefined;
    if (now - step.expiresAt > FORGET_AFTER_MS) {
      this.steps.delete(id);
      return undefined;
    }
    return step;
  }

  private prune(now: number): void {
    for (const [id, step] of this.steps) if (now - step.expiresAt > FORGET_AFTER_MS) this.steps.delete(id);
  }
}
