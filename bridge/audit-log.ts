import { readFile } from 'node:fs/promises';
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

const SENSITIVE_KEYS = new Set([
  'password',
  'passphrase',
  'secret',
  'secretkey',
  'apikey',
  'accesskey',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'authorization',
  'privatekey',
  'mnemonic',
  'seed',
  'seedphrase',
  'credential',
  'credentials',
  'xsvcsecretkey',
  'xsvccredential',
]);
const MAX_STRING = 256;
const MAX_ITEMS = 50;
const MAX_DEPTH = 6;

/** A copy of tool arguments safe to keep: sensitive keys and known secret values masked, sizes bounded. */
export function redactArguments(value: unknown, redact: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') {
    const masked = redact(value);
    return masked.length > MAX_STRING ? `${masked.slice(0, MAX_STRING)}…(${masked.length} chars)` : masked;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deeply]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redactArguments(v, redact, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`…(${value.length - MAX_ITEMS} more)`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value).slice(0, MAX_ITEMS)) {
    out[key] = SENSITIVE_KEYS.has(key.toLowerCase().replace(/[^a-z]/g, '')) ? '[redacted]' : redactArguments(v, redact, depth + 1);
  }
  return out;
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
    this.file.append(`${JSON.stringify(entry)}\n`);
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
        if (typeof r.tool === 'string' && typeof r.time === 'string' && typeof r.ok === 'boolean') records.push(r);
      } catch {
        // a line cut short by a crash or a concurrent rotation
      }
    }
    if (records.length >= limit) break;
  }
  return records;
}
