import { statSync } from 'node:fs';

export const SESSION_BUS_ENV = 'DBUS_SESSION_BUS_ADDRESS';

/** Where libsecret and systemd put the user's session bus when nothing names it: `$XDG_RUNTIME_DIR/bus`, then `/run/user/<uid>/bus`. */
export function sessionBusCandidates(env: NodeJS.ProcessEnv, uid: number): string[] {
  const candidates: string[] = [];
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && runtime.startsWith('/')) candidates.push(`${runtime.replace(/\/+$/, '')}/bus`);
  candidates.push(`/run/user/${uid}/bus`);
  return [...new Set(candidates)];
}

/** A socket the user owns: another user's bus (or a planted file) is never used. */
function isOwnSocket(path: string, uid: number): boolean {
  try {
    const stat = statSync(path);
    return stat.isSocket() && stat.uid === uid;
  } catch {
    return false;
  }
}

/** The session bus socket a process with `env` would find (named, or where libsecret looks), if any. */
export function findSessionBus(env: NodeJS.ProcessEnv, uid: number): string | undefined {
  if (env[SESSION_BUS_ENV]) return env[SESSION_BUS_ENV];
  return sessionBusCandidates(env, uid).find((path) => isOwnSocket(path, uid));
}

/**
 * Hosts that start servers with a scrubbed environment (Codex CLI, MCP Inspector, some IDEs) drop
 * DBUS_SESSION_BUS_ADDRESS, which the Secret Service client needs. On Linux, when it is missing, this
 * finds the session bus where libsecret and systemd look and sets it for this process (the native keychain
 * module reads the process environment). Returns the address it set, if any.
 */
export function ensureSessionBus(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  uid: number = process.getuid?.() ?? -1,
): string | undefined {
  if (platform !== 'linux' || env[SESSION_BUS_ENV] || uid < 0) return undefined;
  const found = sessionBusCandidates(env, uid).find((path) => isOwnSocket(path, uid));
  if (!found) return undefined;
  const address = `unix:path=${found}`;
  env[SESSION_BUS_ENV] = address;
  return address;
}
