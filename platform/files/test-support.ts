import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** The pid of a process that has exited (so no process has it, barring reuse). */
export function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** A fresh temp folder for each test (or one for the whole file), removed afterwards; call the result for its path. */
export function useTempDir(prefix: string, per: 'test' | 'file' = 'test'): () => string {
  let dir = '';
  (per === 'test' ? beforeEach : beforeAll)(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  (per === 'test' ? afterEach : afterAll)(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}
