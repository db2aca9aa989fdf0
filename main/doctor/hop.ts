/** What one probe returns, and the helper that times it: every hop of the doctor is one `timed` call. */
import { hopLabel, type HopId, type HopResult } from '../../domain/doctor-report';

/** A probe's finding: passed with what it saw, failed with the cause and the fix, or does not apply. */
export type Finding =
  | { readonly ok: true; readonly detail?: string }
  | { readonly ok: false; readonly cause: string; readonly detail: string; readonly fix: string }
  | { readonly skipped: true; readonly detail: string };

export const pass = (detail?: string): Finding => ({ ok: true, ...(detail ? { detail } : {}) });
export const fail = (cause: string, detail: string, fix: string): Finding => ({ ok: false, cause, detail, fix });
export const skip = (detail: string): Finding => ({ skipped: true, detail });

/** A probe that failed with its finding: thrown inside a hop, turned into the hop's result by `timed`. */
export class HopFailure extends Error {
  constructor(readonly finding: Extract<Finding, { ok: false }>) {
    super(finding.detail);
  }
}

export function toHop(id: HopId, finding: Finding, ms: number): HopResult {
  const label = hopLabel(id);
  if ('skipped' in finding) return { id, label, status: 'skipped', ms, detail: finding.detail };
  if (finding.ok) return { id, label, status: 'ok', ms, ...(finding.detail ? { detail: finding.detail } : {}) };
  return { id, label, status: 'failed', ms, detail: finding.detail, cause: finding.cause, fix: finding.fix };
}

/** Runs one probe and times it; an unexpected error is a failure of that hop, named as such. */
export async function timed(id: HopId, probe: () => Promise<Finding>): Promise<HopResult> {
  const started = performance.now();
  let finding: Finding;
  try {
    finding = await probe();
  } catch (error) {
    finding =
      error instanceof HopFailure
        ? error.finding
        : fail('internal', `the check itself failed: ${(error as Error).message ?? String(error)}`, 'Report this, with this report.');
  }
  return toHop(id, finding, performance.now() - started);
}
