import { readFile } from 'node:fs/promises';
import { redactSecrets, redactText } from '../domain/redact';
import { CappedFile } from './capped-file';

/** One tool call as the app's activity view shows it. One JSON object per line in `audit.jsonl`. */
export interface AuditRecord {
  /** When the host sent the call (ISO 8601). */
  readonly time: string;
  readonly profile: string;
  readonly tool: string;
  /** The call's arguments with secrets and secret-looking fields replaced by "[redacted]", long values cut. */
  readonly arguments: unknown;
  readonly durationMs: number;
  readonly ok: boolean;
  /**
   * Set when ok is false: the JSON-RPC error code (the bridge's own, e.g. -32001 for a timeout, or the
   * gateway's), the tool's own error code from an `isError` result, `tool_error` when it gave none,
   * or `cancelled` when the host cancelled the call.
   */
  readonly errorCode?: number | string;
}

const MAX_STRING = 256;
const MAX_ITEMS = 50;
const MAX_DEPTH = 6;

/** Sizes bounded: long strings cut, long arrays and objects shortened, deep nesting replaced. */
function bound(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…(${value.length} chars)` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deeply]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => bound(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`…(${value.length - MAX_ITEMS} more)`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value).slice(0, MAX_ITEMS)) {
    Object.defineProperty(out, key, { value: bound(v, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * A copy of tool arguments safe to keep: secret-looking values redacted by the app's one rule
 * (domain/redact: by key name and by value shape, in any field, inside JSON strings), then `redact`
 * (the profile's own credentials, which the logger knows) on every string, then sizes bounded.
 * Redaction comes before the cut, so a cut cannot leave part of a secret unrecognised.
 */
export function redactArguments(value: unknown, redact: (text: string) => string = (text) => text): unknown {
  return bound(maskStrings(redactSecrets(value), redact, 0), 0);
}

function maskStrings(value: unknown, redact: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => maskStrings(v, redact, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value).slice(0, MAX_ITEMS)) {
    Object.defineProperty(out, key, { value: maskStrings(v, redact, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * A record as read back: redacted again (files written before the rule exist, and another program
 * could have appended to the file). The tool name and error code come from outside too.
 */
export function redactAuditRecord<T extends AuditRecord>(record: T): T {
  return {
    ...record,
    tool: redactText(record.tool),
    // Not cut again: the writer bounded sizes, and a second cut would append a second length note.
    arguments: redactSecrets(record.arguments),
    ...(typeof record.errorCode === 'string' ? { errorCode: redactText(record.errorCode) } : {}),
  };
}

/** Appends audit records; the file is capped like the log (default 5 MB, one backup). */
/** What a response says about the call it answers: ok, or the error code to record. */
export function auditOutcome(message: Record<string, unknown>): { ok: boolean; errorCode?: number | string } {
  const error = message.error as { code?: unknown } | undefined;
  if (error) return { ok: false, errorCode: typeof error.code === 'number' ? error.code : 'error' };
  const result = message.result as { isError?: unknown; content?: Array<{ text?: unknown }> } | undefined;
  if (result?.isError !== true) return { ok: true };
  try {
    const detail = JSON.parse(String(result.content?.[0]?.text)) as { code?: unknown };
    if (typeof detail.code === 'string' || typeof detail.code === 'number') return { ok: false, errorCode: detail.code };
  } catch {
    // the tool gave no structured error
  }
  return { ok: false, errorCode: 'tool_error' };
}

export class AuditLog {
  private readonly file: CappedFile;

  constructor(path: string, maxBytes = 5 * 1024 * 1024) {
    this.file = new CappedFile(path, maxBytes);
  }

  record(entry: AuditRecord): void {
    // Callers pass redacted arguments; the rule is applied here too, so no writer can keep a secret.
    this.file.append(`${JSON.stringify({ ...entry, arguments: redactSecrets(entry.arguments) })}\n`);
  }

  close(): void {
    this.file.close();
  }
}

/** The newest `limit` records (newest first) from the audit log and its backup, skipping damaged lines. */
export async function readAuditLog(path: string, limit = 200): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  for (const file of [path, `${path}.1`]) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    const lines = text.split('\n');
    for (let i = lines.length - 1; i >= 0 && records.length < limit; i--) {
      const line = lines[i]?.trim();
      if (!line) continue;
      try {
        const r = JSON.parse(line) as AuditRecord;
        if (typeof r.tool === 'string' && typeof r.time === 'string' && typeof r.ok === 'boolean') records.push(redactAuditRecord(r));
      } catch {
        // a line cut short by a crash or a concurrent rotation
      }
    }
    if (records.length >= limit) break;
  }
  return records;
}
