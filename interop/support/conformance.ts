/** Runs `conformance server` and reads back its per-scenario results (one folder of checks.json per scenario). */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Peer } from './peers';
import { run, type RunResult } from './run';

export interface Check {
  id: string;
  /** SUCCESS, FAILURE, WARNING or INFO, or a status a newer suite adds. */
  status: string;
  errorMessage?: string;
}

export interface ScenarioResult {
  readonly passed: boolean;
  /** The failing checks' messages. */
  readonly failures: string[];
  /** The failing checks' ids. */
  readonly failedChecks: string[];
}

export async function runConformance(
  peer: Peer,
  url: string,
  specVersion: string,
  env: Record<string, string>,
  /** `suite`: the active suite filtered by the era; `requirements`: exactly the scenarios the spec revision requires. */
  select: 'suite' | 'requirements' = 'suite',
): Promise<{ scenarios: Record<string, ScenarioResult>; run: RunResult }> {
  const out = await mkdtemp(path.join(tmpdir(), 'interop-conformance-'));
  try {
    const which = select === 'requirements' ? ['--requirements', specVersion] : ['--spec-version', specVersion];
    const result = await run(peer.command, ['server', '--url', url, ...which, '-o', out], {
      env,
      cwd: out,
      timeoutMs: 300_000,
    });
    const scenarios: Record<string, ScenarioResult> = {};
    for (const dir of (await readdir(out)).sort()) {
      const name = dir.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
      const checks = JSON.parse(await readFile(path.join(out, dir, 'checks.json'), 'utf8').catch(() => '[]')) as Check[];
      const failed = checks.filter((c) => c.status === 'FAILURE');
      const failures = failed.map((c) => `${c.id}: ${c.errorMessage ?? 'failed'}`);
      scenarios[name] = { passed: checks.length > 0 && failures.length === 0, failures, failedChecks: failed.map((c) => c.id) };
    }
    return { scenarios, run: result };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/**
 * The server scenarios the installed suite has for a protocol era (`conformance list`), or undefined when the
 * suite does not know the era at all (it exits with "Unknown spec version").
 */
export async function listServerScenarios(
  peer: Peer,
  specVersion: string,
  env: Record<string, string>,
  cwd: string,
): Promise<string[] | undefined> {
  const result = await run(peer.command, ['list', '--server', '--spec-version', specVersion], { env, cwd, timeoutMs: 60_000 });
  if (result.code !== 0) return undefined;
  return [...result.stdout.matchAll(/^\s+- ([\w-]+)/gm)].map((m) => m[1]!);
}
