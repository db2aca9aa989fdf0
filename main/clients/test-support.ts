/** Helpers shared by the client-config tests: a private home per test and an "only our entry changed" check. */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { PathContext } from '../../platform/credentials/config-paths';

/** A temp home with HOME, XDG_CONFIG_HOME and APPDATA inside it, as the tests require. */
export async function tempHome(): Promise<{ home: string; paths: PathContext; cleanup(): Promise<void> }> {
  const home = await mkdtemp(path.join(tmpdir(), 'clients-home-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    APPDATA: path.join(home, 'AppData', 'Roaming'),
  };
  delete env.CODEX_HOME;
  return { home, paths: { env, platform: process.platform, homedir: home }, cleanup: () => rm(home, { recursive: true, force: true }) };
}

/**
 * Asserts that `after` is `before` plus one new member (our entry, or a container holding it) and at most one
 * comma: every other byte is unchanged and in place. `added` is what the new member parses to.
 */
export function expectOnlyMemberAdded(before: string, after: string, added: Record<string, unknown>): void {
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && s < after.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  const removed = before.slice(p, before.length - s);
  const inserted = after.slice(p, after.length - s);
  // What the original had between the two insertion points (a comment ending the line) must reappear unchanged.
  const lead = inserted.startsWith(`,${removed}`) ? `,${removed}` : inserted.startsWith(removed) ? removed : undefined;
  expect(lead, `original text was changed, not only added to:\n- ${JSON.stringify(removed)}\n+ ${JSON.stringify(inserted)}`).toBeDefined();
  expect(removed.trim() === '' || /^\s*(\/\/.*|\/\*[\s\S]*\*\/)\s*$/.test(removed)).toBe(true);
  const member = inserted.slice(lead!.length).replace(/,\s*$/, '');
  expect(JSON.parse(`{${member}}`)).toEqual(added);
}

/** Every file below `dir`, recursively. */
export async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesBelow(full)));
    else if ((await stat(full)).isFile()) out.push(full);
  }
  return out;
}

/** A Codex config.toml as users have it: settings, comments, another server with its own secret, a profile. */
export const CODEX_SEED = `# Codex settings
model = "o3"
approval_policy = "on-request" # ask first

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]
env = { "DOCS_TOKEN" = "users-own" }

# Faster profile
[profiles.fast]
model = "o4-mini"
`;
