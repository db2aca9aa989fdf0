/** A WritePlan as the Review step shows it: everything but the bytes, plus absolute paths and the logo to be written. */
import { join } from 'node:path';
import { toDataUrl, type PlannedChange } from '../../../registry/index';
import type { PlanView } from '../../../domain/ipc/registry-channels';
import { findingViews } from './findings-view';

export function absoluteIn(root: string, relPath: string): string {
  return join(root, ...relPath.split('/'));
}

/** `where` gives each file's location to show: its absolute path in a folder, or its place in a remote repository. */
export function planView(planId: string, plan: PlannedChange & { root?: string }, where?: (relPath: string) => string): PlanView {
  const located = where ?? ((path: string) => absoluteIn(plan.root ?? '', path));
  const logoFile = plan.files.find((f) => f.path.endsWith('/logo.png'));
  return {
    planId,
    summary: plan.summary,
    chain: plan.chain,
    id: plan.id,
    entryJson: plan.entryJson,
    diff: plan.diff,
    files: plan.files.map((f) => ({
      path: f.path,
      absolutePath: located(f.path),
      action: f.before ? 'replace' : 'create',
      bytesBefore: f.before?.length ?? null,
      bytesAfter: f.after.length,
    })),
    findings: findingViews(plan.findings),
    blocking: findingViews(plan.blocking),
    ...(logoFile ? { logo: toDataUrl(logoFile.after) } : {}),
  };
}
