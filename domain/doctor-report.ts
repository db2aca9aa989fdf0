/**
 * The connection doctor's model: the hops from an assistant's config file to the gateway's upstream, in the
 * order a request travels them, and the report a run gives (text to copy, JSON for programs). Pure, shared
 * by the CLI (`companion doctor`) and the app. The text report passes through the one redaction rule.
 */
import { redactText } from './redact';

export const HOPS = [
  { id: 'config', label: "The assistant's config file" },
  { id: 'environment', label: 'The environment the assistant passes' },
  { id: 'keychain', label: 'The OS keychain' },
  { id: 'profile', label: 'The profile and its secret' },
  { id: 'dns', label: 'DNS' },
  { id: 'tcp', label: 'TCP' },
  { id: 'tls', label: 'TLS' },
  { id: 'http', label: 'The HTTP answer' },
  { id: 'era', label: 'The protocol era' },
  { id: 'credentials', label: 'Credentials accepted' },
  { id: 'tools', label: 'tools/list' },
  { id: 'call', label: 'One harmless call (validate_address)' },
  { id: 'upstream', label: "The upstream's health" },
] as const;

export type HopId = (typeof HOPS)[number]['id'];

/** ok: passed; failed: the first broken hop; skipped: does not apply here (and why); not-reached: after a failure. */
export type HopStatus = 'ok' | 'failed' | 'skipped' | 'not-reached';

export interface HopResult {
  readonly id: HopId;
  readonly label: string;
  readonly status: HopStatus;
  /** Time the hop took, in milliseconds (0 when not run). */
  readonly ms: number;
  /** What was found, in plain words. */
  readonly detail?: string;
  /** For a failed hop: a stable word for programs (e.g. `unknown_ca`, `auth_rejected`). */
  readonly cause?: string;
  /** For a failed hop: what to do, in plain words. */
  readonly fix?: string;
}

export interface DoctorReport {
  readonly version: 1;
  readonly verdict: 'healthy' | 'broken';
  readonly profile?: string;
  readonly client?: string;
  readonly url?: string;
  /** Every hop in order; the first failed one is where the run stopped. */
  readonly hops: readonly HopResult[];
  /** From the command to the verdict. */
  readonly totalMs: number;
}

export function hopLabel(id: HopId): string {
  return HOPS.find((h) => h.id === id)?.label ?? id;
}

/** Fills in the hops a run never reached, and the verdict. */
export function completeReport(
  partial: Omit<DoctorReport, 'version' | 'verdict' | 'hops'> & { readonly hops: readonly HopResult[] },
): DoctorReport {
  const done = new Map(partial.hops.map((h) => [h.id, h]));
  const hops = HOPS.map(({ id, label }): HopResult => done.get(id) ?? { id, label, status: 'not-reached', ms: 0 });
  const verdict = hops.some((h) => h.status === 'failed') ? 'broken' : 'healthy';
  return { ...partial, version: 1, verdict, hops };
}

/** The first failed hop, if any. */
export function failedHop(report: DoctorReport): HopResult | undefined {
  return report.hops.find((h) => h.status === 'failed');
}

/** 0 healthy, 1 a hop failed (2, usage, is the CLI's). */
export function doctorExitCode(report: DoctorReport): 0 | 1 {
  return report.verdict === 'healthy' ? 0 : 1;
}

const MARK: Record<HopStatus, string> = { ok: 'ok  ', failed: 'FAIL', skipped: 'skip', 'not-reached': '    ' };

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** The plain-text report (for the terminal and "Copy report"), secrets redacted. */
export function reportText(report: DoctorReport): string {
  const lines: string[] = [];
  const what = [report.client ? `assistant ${report.client}` : undefined, report.profile ? `profile "${report.profile}"` : undefined]
    .filter(Boolean)
    .join(', ');
  lines.push(`Gateway Companion connection doctor${what ? ` — ${what}` : ''}${report.url ? ` → ${report.url}` : ''}`);
  for (const hop of report.hops) {
    if (hop.status === 'not-reached') {
      lines.push(`       ${hop.label}: not reached`);
      continue;
    }
    lines.push(`[${MARK[hop.status]}] ${hop.label} (${ms(hop.ms)})${hop.detail ? `: ${hop.detail}` : ''}`);
    if (hop.status === 'failed') {
      if (hop.fix) lines.push(`       Fix: ${hop.fix}`);
    }
  }
  const failed = failedHop(report);
  lines.push(
    failed
      ? `Verdict: broken at "${failed.label}"${failed.cause ? ` (${failed.cause})` : ''}, after ${ms(report.totalMs)}.`
      : `Verdict: healthy, in ${ms(report.totalMs)}.`,
  );
  return redactText(lines.join('\n'));
}
