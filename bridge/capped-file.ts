import { closeSync, fstatSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * An append-only text file that never grows past `maxBytes`: when full it becomes `<file>.1` (replacing the
 * previous backup) and a new file starts. Opened on first write, so a bridge that is spawned and killed at
 * once touches nothing. Writes are synchronous appends: lines from several bridges sharing the file
 * interleave whole, and nothing is lost on exit.
 */
export class CappedFile {
  private fd: number | undefined;
  private size = 0;
  private failed = false;

  constructor(
    readonly file: string,
    private readonly maxBytes: number,
  ) {}

  append(text: string): void {
    if (this.failed) return;
    try {
      if (this.fd === undefined) this.open();
      const bytes = Buffer.byteLength(text);
      if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
      writeSync(this.fd as number, text);
      this.size += bytes;
    } catch {
      // Logging must never break the bridge: a read-only or full disk just stops the file.
      this.failed = true;
      this.close();
    }
  }

  private open(): void {
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  private rotate(): void {
    this.close();
    renameSync(this.file, `${this.file}.1`);
    this.open();
  }

  close(): void {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // already closed
      }
      this.fd = undefined;
    }
  }
}
