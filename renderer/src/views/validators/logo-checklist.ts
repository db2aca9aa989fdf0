/** The logo compliance checklist: one row per registry rule, decided by the engine's findings. */
import type { RegistryFinding } from '../../../../domain/ipc/registry-channels';

export type RuleStatus = 'pass' | 'fail' | 'unknown';

export interface ChecklistRow {
  rule: 'name' | 'png' | 'square' | 'dimensions' | 'bytes';
  label: string;
  status: RuleStatus;
  detail: string;
}

export interface LogoFacts {
  fileName: string;
  bytes: number;
  format: string | null;
  width?: number | undefined;
  height?: number | undefined;
}

const RULE_CODES: Record<Exclude<ChecklistRow['rule'], 'name'>, readonly string[]> = {
  png: ['logo-not-png', 'logo-corrupt', 'logo-empty', 'logo-unreadable', 'logo-animated'],
  square: ['logo-not-square'],
  dimensions: ['logo-dimensions-too-small', 'logo-dimensions-too-large', 'logo-too-many-pixels'],
  bytes: ['logo-file-too-large'],
};

export function formatBytes(n: number): string {
  if (n < 1000) return `${n} bytes`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)} kB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

export function buildChecklist(facts: LogoFacts, findings: readonly RegistryFinding[]): ChecklistRow[] {
  const failing = (rule: keyof typeof RULE_CODES) => findings.find((f) => RULE_CODES[rule].includes(f.code));
  const sized = facts.width !== undefined && facts.height !== undefined;
  const dims = sized ? `${facts.width}×${facts.height} px` : 'size unknown';
  const row = (rule: keyof typeof RULE_CODES, label: string, passDetail: string, knownWithoutSize = true): ChecklistRow => {
    const problem = failing(rule);
    if (problem) return { rule, label, status: 'fail', detail: problem.message };
    if (!knownWithoutSize && !sized) return { rule, label, status: 'unknown', detail: 'The size cannot be read until the image opens.' };
    return { rule, label, status: 'pass', detail: passDetail };
  };
  const recommended = findings.some((f) => f.code === 'logo-size-not-recommended');
  return [
    {
      rule: 'name',
      label: 'Named logo.png, in lowercase',
      status: 'pass',
      detail: facts.fileName === 'logo.png' ? 'The file is named logo.png.' : `Your file "${facts.fileName}" is saved as logo.png for you.`,
    },
    row('png', 'A real PNG image', 'The file is a PNG that decodes cleanly.'),
    row('square', 'Square', `${dims}: width and height are equal.`, false),
    row(
      'dimensions',
      '128–512 px per side (256 recommended)',
      recommended ? `${dims} is allowed; 256×256 is recommended.` : `${dims}.`,
      false,
    ),
    row('bytes', 'At most 100 kB', `${formatBytes(facts.bytes)} (${facts.bytes.toLocaleString('en-US')} bytes).`),
  ];
}

export const checklistPasses = (rows: readonly ChecklistRow[]) => rows.every((r) => r.status === 'pass');

/** Findings that are not one of the checklist's rules (16-bit colour, metadata, …): shown as notes. */
export function otherLogoNotes(findings: readonly RegistryFinding[]): RegistryFinding[] {
  const ruled = new Set([...Object.values(RULE_CODES).flat(), 'logo-size-not-recommended']);
  return findings.filter((f) => !ruled.has(f.code));
}
