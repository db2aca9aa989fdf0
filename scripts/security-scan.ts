/**
 * Security gate: runs electronegativity over main, preload and renderer together (its global checks,
 * such as CSP and navigation limits, only make sense across the whole app) and fails on any HIGH or
 * MEDIUM finding. The CLI always exits 0 and its CSV writer races with itself (rows overwrite each
 * other), so the gate calls its programmatic runner and reads the findings in memory.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Finding {
  id: string;
  severity: string;
  confidence: string;
  location: string;
}

interface RawIssue {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string };
  confidence: { name: string };
}
type Runner = (options: Record<string, unknown>) => Promise<{ globalChecks: number; atomicChecks: number; issues: RawIssue[] }>;

const ROOT = resolve(import.meta.dirname, '..');
export const BLOCKING = new Set(['HIGH', 'MEDIUM']);

/** Scans the given folders (relative to the repo, or absolute) as one app; test files are left out. */
export async function scan(sourceDirs: readonly string[]): Promise<{ findings: Finding[]; checks: number }> {
  const work = mkdtempSync(join(tmpdir(), 'security-scan-'));
  try {
    for (const dir of sourceDirs) {
      const name = dir.split(/[/\\]/).filter(Boolean).pop()!;
      cpSync(resolve(ROOT, dir), join(work, name), { recursive: true, filter: (src) => !/\.test\.tsx?$/.test(src) });
    }
    const electron = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
      .devDependencies.electron!;
    const run = createRequire(import.meta.url)('@doyensec/electronegativity') as Runner;
    const result = await run({
      input: work,
      isRelative: true,
      // The version-advisory check needs the internet; it is the one check skipped.
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
      customScan: [],
      electronVersionOverride: electron,
      parserPlugins: [],
    });
    return {
      checks: result.globalChecks + result.atomicChecks,
      findings: result.issues.map((i) => ({
        id: i.id,
        severity: i.severity.name,
        confidence: i.confidence.name,
        location: `${i.file}:${i.location.line}:${i.location.column}`,
      })),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { findings, checks } = await scan(['main', 'preload', 'renderer']);
  for (const f of findings) console.log(`${f.severity.padEnd(13)} ${f.confidence.padEnd(9)} ${f.id.padEnd(40)} ${f.location}`);
  const blocking = findings.filter((f) => BLOCKING.has(f.severity));
  console.log(`electronegativity: ${checks} checks, ${findings.length} finding(s), ${blocking.length} HIGH or MEDIUM.`);
  process.exitCode = blocking.length > 0 || checks === 0 ? 1 : 0;
}
