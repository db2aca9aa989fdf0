import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../platform/files/atomic-write';
import type { HistoryEntry, HistorySummary } from '../../domain/ipc/playground-channels';
import { redactSecrets } from '../../domain/redact';

export const HISTORY_LIMIT = 500;
/** Results up to this size are kept on disk; bigger ones only for this run (the entry says so after a restart). */
export const KEEP_RESULT_BYTES = 512 * 1024;
/** Memory for big results of this run, newest first. */
const MEMORY_BUDGET_BYTES = 96 * 1024 * 1024;

type Record_ = { add: HistoryEntry } | { remove: string } | { clear: true };

function summary(entry: HistoryEntry): HistorySummary {
  const { result: _r, error, resultDropped: _d, ...rest } = entry;
  return { ...rest, ...(error ? { message: error.message } : {}) };
}

/**
 * The playground's call history: every call, newest last, bounded at HISTORY_LIMIT, persisted as an
 * append-only JSON Lines file in the config dir so it survives restarts of either host (browser mode's
 * origin changes with its port, so the renderer's storage would not). The file is compacted when it has
 * grown to twice the limit. Writes are serialised. Secret-looking values (a private key pasted into a
 * field, a recovery phrase, anything under a key named like a secret) are stored as "[redacted]", in
 * memory and on disk; a file written before that is rewritten redacted when it is first read.
 */
export class HistoryStore {
  private entries: HistoryEntry[] = [];
  private readonly bigResults = new Map<string, { result: NonNullable<HistoryEntry['result']>; bytes: number }>();
  private lines = 0;
  private loaded: Promise<void> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly limit = HISTORY_LIMIT,
    private readonly keepResultBytes = KEEP_RESULT_BYTES,
  ) {}

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      let text = '';
      try {
        text = await readFile(this.file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const byId = new Map<string, HistoryEntry>();
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        this.lines++;
        let record: Record_;
        try {
          record = JSON.parse(line) as Record_;
        } catch {
          continue; // a line cut short by a crash
        }
        if ('add' in record && record.add && typeof record.add.id === 'string') byId.set(record.add.id, record.add);
        else if ('remove' in record) byId.delete(record.remove);
        else if ('clear' in record) byId.clear();
      }
      const loaded = [...byId.values()].slice(-this.limit);
      this.entries = loaded.map((e) => redactSecrets(e));
      if (this.entries.some((e, i) => e !== loaded[i])) await this.serial(() => this.compact());
    })();
    return this.loaded;
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async append(record: Record_): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await appendFile(this.file, `${JSON.stringify(record)}\n`, { encoding: 'utf8', mode: 0o600 });
    this.lines++;
    if (this.lines > this.limit * 2) await this.compact();
  }

  /** Rewrites the file with only the live entries (temp file + rename, so a crash leaves the old one). */
  private async compact(): Promise<void> {
    await writeFileAtomic(this.file, this.entries.map((e) => `${JSON.stringify({ add: this.forDisk(e) })}\n`).join(''), { mode: 0o600 });
    this.lines = this.entries.length;
  }

  private forDisk(entry: HistoryEntry): HistoryEntry {
    if (!entry.result || entry.bytes <= this.keepResultBytes) return entry;
    const { result: _r, ...rest } = entry;
    return { ...rest, resultDropped: entry.bytes };
  }

  private rememberBig(entry: HistoryEntry): void {
    if (!entry.result || entry.bytes <= this.keepResultBytes) return;
    this.bigResults.set(entry.id, { result: entry.result, bytes: entry.bytes });
    let total = 0;
    for (const [id, big] of [...this.bigResults.entries()].reverse()) {
      total += big.bytes;
      if (total > MEMORY_BUDGET_BYTES) this.bigResults.delete(id);
    }
  }

  async add(typed: HistoryEntry): Promise<void> {
    await this.load();
    const entry = redactSecrets(typed);
    return this.serial(async () => {
      this.entries.push(this.forDisk(entry));
      this.rememberBig(entry);
      if (this.entries.length > this.limit) {
        for (const old of this.entries.splice(0, this.entries.length - this.limit)) this.bigResults.delete(old.id);
      }
      await this.append({ add: this.forDisk(entry) });
    });
  }

  async list(): Promise<HistorySummary[]> {
    await this.load();
    return this.entries.map(summary);
  }

  async get(id: string): Promise<HistoryEntry | undefined> {
    await this.load();
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return undefined;
    const big = this.bigResults.get(id);
    if (big) {
      const { resultDropped: _d, ...rest } = entry;
      return { ...rest, result: big.result };
    }
    return entry;
  }

  async remove(id: string): Promise<boolean> {
    await this.load();
    return this.serial(async () => {
      const index = this.entries.findIndex((e) => e.id === id);
      if (index < 0) return false;
      this.entries.splice(index, 1);
      this.bigResults.delete(id);
      await this.append({ remove: id });
      return true;
    });
  }

  async clear(): Promise<number> {
    await this.load();
    return this.serial(async () => {
      const removed = this.entries.length;
      this.entries = [];
      this.bigResults.clear();
      await this.append({ clear: true });
      return removed;
    });
  }

  async count(): Promise<number> {
    await this.load();
    return this.entries.length;
  }
}
