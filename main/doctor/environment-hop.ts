/**
 * The doctor's environment hop: what the bridge needs from the environment an assistant passes it. A host
 * that does not pass its whole environment on (Codex: a fixed list plus `env_vars`) can drop what the
 * bridge relies on: the session bus, without which it cannot reach the keychain; `XDG_CONFIG_HOME`, without
 * which it reads profiles from another folder than the one this terminal (and the app) wrote them to; and,
 * for a remote gateway, the proxy this terminal uses for it (HTTPS_PROXY, NO_PROXY) and the extra CA
 * certificates Node trusts here (NODE_EXTRA_CA_CERTS). This terminal's environment is the reference: the
 * doctor's later hops run with it.
 */
import { ENTRY_NAME } from '../../domain/assistant-clients';
import type { HostEnvironment, NetworkDifference } from '../../domain/host-environment';
import { networkDifferences, proxyForDisplay, sessionBusHint } from '../../domain/host-environment';
import { configDir, type PathContext } from '../../platform/credentials/config-paths';
import type { Profile } from '../../platform/credentials/profiles';
import { findSessionBus } from '../../platform/credentials/session-bus';
import { fail, pass, skip, type Finding } from './hop';

/** How to make `host` pass `names` to the bridge (as this terminal has them), in the host's own terms. */
function passVariableFix(host: HostEnvironment | undefined, ...names: string[]): string {
  const listed = names.map((n) => `"${n}"`).join(', ');
  if (host?.policy === 'allow-list')
    return `In ${host.name}, add ${listed} to env_vars in [mcp_servers.${ENTRY_NAME}] (e.g. env_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", ${listed}]), then restart ${host.name}.`;
  return `Pass ${names.join(' and ')} to the bridge in the ${ENTRY_NAME} entry's environment settings, with the values this terminal has, then restart ${host?.name ?? 'the assistant'}.`;
}

/** "without HTTPS_PROXY (http://proxy:3128 here)" or "with HTTPS_PROXY=http://other:8080 (http://proxy:3128 here)". */
function howPassed(d: NetworkDifference): string {
  const show = (value: string) => (d.kind === 'proxy' ? proxyForDisplay(value) : value);
  return d.passed === undefined ? `without ${d.name} (${show(d.here)} here)` : `with ${d.name}=${show(d.passed)} (${show(d.here)} here)`;
}

/** The proxy or CA difference that changes how the bridge reaches the gateway; undefined when there is none. */
function networkFinding(
  who: string,
  host: HostEnvironment | undefined,
  passed: NodeJS.ProcessEnv,
  here: NodeJS.ProcessEnv,
  profile: Profile,
): Finding | undefined {
  const url = new URL(profile.url);
  const differences = networkDifferences(here, passed, url, profile.proxy !== false);
  const proxy = differences.filter((d) => d.kind === 'proxy');
  if (proxy.length > 0)
    return fail(
      'proxy_not_passed',
      `${who} starts the bridge ${proxy.map(howPassed).join(' and ')}, so the bridge does not reach ${url.host} the way this terminal does`,
      passVariableFix(host, ...proxy.map((d) => d.name)),
    );
  const ca = differences.find((d) => d.kind === 'ca');
  if (ca)
    return fail(
      'ca_not_passed',
      `${who} starts the bridge ${howPassed(ca)}, so the bridge does not trust the extra CA certificates Node trusts here, which ${url.host}'s certificate may need`,
      passVariableFix(host, ca.name),
    );
  return undefined;
}

export interface NetworkContext {
  /** The profile the bridge will use, when it can be read. */
  readonly profile: Profile | undefined;
  /** The environment the doctor runs with (this terminal's), which its later hops use. */
  readonly here: NodeJS.ProcessEnv;
}

/**
 * `passed` is the environment the host gives the bridge; `paths` this process's view of where the profiles
 * live (from its own environment); `network` what decides the way to the profile's gateway. Fails at the
 * first variable the bridge needs and does not get.
 */
export function checkPassedEnvironment(
  host: HostEnvironment | undefined,
  passed: NodeJS.ProcessEnv,
  paths: PathContext,
  network?: NetworkContext,
): Finding {
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
  const profile = network?.profile;
  const differs = profile?.kind === 'remote' ? networkFinding(who, host, passed, network!.here, profile) : undefined;
  if (differs) return differs;
  if (!bus) return skip('the keychain needs no session variables on this system, and the bridge finds the profiles');
  return pass(`${host?.name ?? 'the assistant'} passes the session bus (${bus.split(',')[0]}) and finds the profiles in ${ours}`);
}
