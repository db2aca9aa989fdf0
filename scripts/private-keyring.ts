import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MARK = 'COMPANION_TEST_PRIVATE_KEYRING';
const have = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/**
 * Re-runs the current script inside a private D-Bus session with an unlocked gnome-keyring whose files
 * live in a temporary folder, then exits with its status. Tests and benchmarks thus get a real Secret
 * Service without ever reading or overwriting the developer's keychain, and parallel runs do not share
 * ~/.local/share/keyrings. Returns (doing nothing) when already inside one, or where the tools are missing.
 */
export function reexecInPrivateKeyring(): void {
  if (process.env[MARK] || !have('dbus-run-session') || !have('gnome-keyring-daemon')) return;
  const self = [process.execPath, ...process.execArgv, ...process.argv.slice(1)].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const keyrings = mkdtempSync(join(tmpdir(), 'companion-keyring-'));
  const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', `printf pw | gnome-keyring-daemon --unlock >/dev/null; exec ${self}`], {
    stdio: 'inherit',
    env: { ...process.env, XDG_DATA_HOME: keyrings, [MARK]: '1' },
  });
  rmSync(keyrings, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}
