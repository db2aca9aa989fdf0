import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { auditLogFile } from '../../platform/credentials/config-paths';
import { readActivity, watchActivity, type ActivityWatcher, type AuditRecord } from './activity';
import { tempHome } from './test-support';

let home: Awaited<ReturnType<typeof tempHome>>;
let watcher: ActivityWatcher | undefined;
beforeEach(async () => {
  home = await tempHome();
});
afterEach(async () => {
  watcher?.stop();
  await home.cleanup();
});

const line = (tool: string) =>
  `${JSON.stringify({ time: '2025-05-01T10:00:00.000Z', profile: 'default', tool, arguments: {}, durationMs: 3, ok: true })}\n`;

it('follows the audit log from creation, across a rotation, and keeps a half-written line for later', async () => {
  const file = auditLogFile(home.paths);
  const seen: AuditRecord[] = [];
  watcher = watchActivity(home.paths, (records) => seen.push(...records), 50);
  const tools = () => seen.map((r) => r.tool);

  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, line('a') + line('b').slice(0, 20));
  await vi.waitFor(() => expect(tools()).toEqual(['a']), { timeout: 10_000, interval: 50 });

  await appendFile(file, line('b').slice(20) + line('c'));
  await vi.waitFor(() => expect(tools()).toEqual(['a', 'b', 'c']), { timeout: 10_000, interval: 50 });

  // The bridge rotates: the last lines go to audit.jsonl.1 before the watcher saw them.
  await appendFile(file, line('d'));
  await rename(file, `${file}.1`);
  await writeFile(file, line('e'));
  await vi.waitFor(() => expect(tools()).toEqual(['a', 'b', 'c', 'd', 'e']), { timeout: 10_000, interval: 50 });

  expect((await readActivity(home.paths)).map((r) => r.tool)).toEqual(['e', 'd', 'c', 'b', 'a']);
});
