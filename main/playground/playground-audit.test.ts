import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { AuditLog } from '../../bridge/audit-log';
import { auditLogFile, currentPathContext } from '../../platform/credentials/config-paths';
import { readActivity } from '../clients/activity';
import { PlaygroundAuditLog } from './playground-audit';

let home: string | undefined;
afterEach(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

it("marks the playground's calls in the shared audit log, and leaves an assistant's unmarked", async () => {
  home = mkdtempSync(join(tmpdir(), 'playground-audit-'));
  const paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), APPDATA: join(home, 'AppData') });
  const call = { time: new Date().toISOString(), profile: 'default', tool: 'get_swap_domains', arguments: {}, durationMs: 3, ok: true };
  const assistant = new AuditLog(auditLogFile(paths));
  assistant.record({ ...call, tool: 'search_assets' });
  assistant.close();
  const playground = new PlaygroundAuditLog(paths);
  playground.record(call);
  playground.close();
  await expect.poll(async () => (await readActivity(paths)).length).toBe(2);
  const [newest, oldest] = await readActivity(paths);
  expect(newest).toMatchObject({ tool: 'get_swap_domains', source: 'playground' });
  expect(oldest).toMatchObject({ tool: 'search_assets' });
  expect(oldest).not.toHaveProperty('source');
});
