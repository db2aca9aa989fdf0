/**
 * The doctor's environment hop: what the bridge needs from the environment an assistant passes it. A host
 * that does not pass its whole environment on (Codex: a fixed list plus `env_vars`) can drop two things the
 * bridge relies on: the session bus, without which it cannot reach the keychain, and `XDG_CONFIG_HOME`,
 * without which it reads profiles from another folder than the one this terminal (and the app) wrote them to.
 */
import { ENTRY_NAME } from '../../domain/assistant-clients';
import type { HostEnvironment } from '../../domain/host-environment';
import { sessionBusHint } from '../../domain/host-environment';
import { configDir, type PathContext } from '../../platform/credentials/config-paths';
import { findSessionBus } from '../../platform/credentials/session-bus';
import { fail, pass, skip, type Finding } from './hop';

/** How to make `host` pass `name` to the bridge, in the host's own terms. */
function passVariableFix(host: HostEnvironment | undefined, name: string): string {
  if (host?.policy === 'allow-list')
    return `In ${host.name}, add "${name}" to env_vars in [mcp_servers.${ENTRY_NAME}] (e.g. env_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "${name}"]), then restart ${host.name}.`;
  return `Pass ${name} to the bridge in the ${ENTRY_NAME} entry's environment settings, then restart ${host?.name ?? 'the assistant'}.`;
}

/**
 * `passed` is the environment the host gives the bridge; `paths` this process's view of where the profiles
 * live (from its own environment). Fails at the first variable the bridge needs and does not get.
 */
export function checkPassedEnvironment(host: HostEnvironment | undefined, passed: NodeJS.ProcessEnv, paths: PathContext): Finding {
  const who = host?.name ?? 'The assistant';
  const bus = paths.platform === 'linux' ? findSessionBus(passed, process.getuid?.() ?? -1) : undefined;
  if (paths.platform === 'linux' && !bus)
    return fail(
      'no_session_bus',
      `${who} starts the bridge without DBUS_SESSION_BUS_ADDRESS, and no session bus is where libsecret looks`,
      host ? `In ${host.name}, ${host.keychainFix}.` : sessionBusHint(undefined),
    );
  const ours = configDir(paths);
  const theirs = configDir({ ...paths, env: passed });
  if (theirs !== ours) {
    const variable = paths.platform === 'win32' ? 'APPDATA' : 'XDG_CONFIG_HOME';
    return fail(
      'config_dir_not_passed',
      `${who} starts the bridge without ${variable} (${paths.env[variable] ?? ''} here), so the bridge reads its profiles from ${theirs}, not ${ours}`,
      passVariableFix(host, variable),
    );
  }
  if (!bus) return skip('the keychain needs no session variables on this system, and the bridge finds the profiles');
  return pass(`${host?.name ?? 'the assistant'} passes the session bus (${bus.split(',')[0]}) and finds the profiles in ${ours}`);
}
