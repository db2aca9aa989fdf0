import { ENTRY_NAME, type ClientId } from './assistant-clients';
import { isLoopbackHost } from './loopback-host';

/** The variables the Secret Service client needs on Linux; hosts that scrub the environment must pass them. */
export const KEYCHAIN_ENV_VARS = ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR'] as const;

/**
 * How a host builds the environment of the servers it starts.
 * - `inherit`: its own environment plus the entry's `env`.
 * - `allow-list`: a fixed list of variables plus what its config names (Codex: `env_vars`).
 * - `sdk-default`: the MCP SDK's default for stdio servers (HOME, LOGNAME, PATH, SHELL, TERM, USER on
 *   POSIX) plus the entry's `env`.
 */
export type EnvironmentPolicy = 'inherit' | 'allow-list' | 'sdk-default';

export interface HostEnvironment {
  readonly host: ClientId | 'mcp-inspector';
  readonly name: string;
  /** Matches the host's `clientInfo.name` in initialize. */
  readonly clientInfo: RegExp;
  readonly policy: EnvironmentPolicy;
  /** What to change so the bridge can reach the keychain, in the host's own terms. */
  readonly keychainFix: string;
}

/** The variables the MCP SDK passes to stdio servers by default on POSIX (`getDefaultEnvironment`). */
export const SDK_DEFAULT_ENV_VARS = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'] as const;

/** Codex passes these to stdio servers unless its config names more with `env_vars`. */
export const CODEX_DEFAULT_ENV_VARS = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'USER', 'LANG', 'LC_ALL', 'TERM', 'TMPDIR', 'TZ'] as const;

const envEntryFix = (where: string) =>
  `add "env": {"DBUS_SESSION_BUS_ADDRESS": "<the value of echo $DBUS_SESSION_BUS_ADDRESS in your desktop session>"} to the ${ENTRY_NAME} entry in ${where}, then restart it`;

export const HOST_ENVIRONMENTS: readonly HostEnvironment[] = [
  {
    host: 'codex',
    name: 'Codex',
    clientInfo: /codex/i,
    policy: 'allow-list',
    keychainFix: `add env_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"] to [mcp_servers.${ENTRY_NAME}] in ~/.codex/config.toml (Gateway Companion → Assistants → Codex → Update writes it), then restart Codex`,
  },
  {
    host: 'mcp-inspector',
    name: 'MCP Inspector',
    clientInfo: /inspector/i,
    policy: 'sdk-default',
    keychainFix:
      'start the Inspector with -e DBUS_SESSION_BUS_ADDRESS="$DBUS_SESSION_BUS_ADDRESS" (its stdio mode passes only a few variables)',
  },
  {
    host: 'claude-desktop',
    name: 'Claude Desktop',
    clientInfo: /^claude-ai$/i,
    policy: 'inherit',
    keychainFix: envEntryFix('claude_desktop_config.json'),
  },
  { host: 'claude-code', name: 'Claude Code', clientInfo: /claude-code/i, policy: 'inherit', keychainFix: envEntryFix('~/.claude.json') },
  { host: 'gemini-cli', name: 'Gemini CLI', clientInfo: /gemini/i, policy: 'inherit', keychainFix: envEntryFix('~/.gemini/settings.json') },
  { host: 'cursor', name: 'Cursor', clientInfo: /cursor/i, policy: 'inherit', keychainFix: envEntryFix('~/.cursor/mcp.json') },
  {
    host: 'vscode',
    name: 'VS Code',
    clientInfo: /visual studio code|vscode/i,
    policy: 'inherit',
    keychainFix: envEntryFix("VS Code's mcp.json"),
  },
  {
    host: 'windsurf',
    name: 'Windsurf',
    clientInfo: /windsurf/i,
    policy: 'inherit',
    keychainFix: envEntryFix('~/.codeium/windsurf/mcp_config.json'),
  },
  { host: 'zed', name: 'Zed', clientInfo: /zed/i, policy: 'inherit', keychainFix: envEntryFix("Zed's settings.json") },
  { host: 'cline', name: 'Cline', clientInfo: /cline/i, policy: 'inherit', keychainFix: envEntryFix('cline_mcp_settings.json') },
];

/** The variables a host under `policy` passes on from its own environment (the entry's `env` is laid over them). */
export function environmentUnderPolicy(
  policy: EnvironmentPolicy,
  env: Readonly<Record<string, string | undefined>>,
  namedVars: readonly string[] = [],
): Record<string, string> {
  const pick = (names: readonly string[]) =>
    Object.fromEntries(names.map((n) => [n, env[n]]).filter((e): e is [string, string] => typeof e[1] === 'string'));
  switch (policy) {
    case 'inherit':
      return pick(Object.keys(env));
    case 'sdk-default':
      return pick(SDK_DEFAULT_ENV_VARS);
    case 'allow-list':
      return pick([...CODEX_DEFAULT_ENV_VARS, ...namedVars]);
  }
}

export function hostEnvironmentOf(clientInfoName: string | undefined): HostEnvironment | undefined {
  if (!clientInfoName) return undefined;
  return HOST_ENVIRONMENTS.find((h) => h.clientInfo.test(clientInfoName));
}

export function hostEnvironmentFor(client: ClientId | 'mcp-inspector'): HostEnvironment | undefined {
  return HOST_ENVIRONMENTS.find((h) => h.host === client);
}

/** The sentence a bridge adds when it cannot reach the session bus, naming the host's setting when it knows the host. */
export function sessionBusHint(clientInfoName: string | undefined): string {
  const host = hostEnvironmentOf(clientInfoName);
  if (host) return `${host.name} started the bridge without the desktop session's D-Bus address: ${host.keychainFix}.`;
  const who = clientInfoName ? `The assistant (${clientInfoName})` : 'The assistant';
  return `${who} started the bridge without the desktop session's D-Bus address: pass DBUS_SESSION_BUS_ADDRESS to it in the server entry's environment settings.`;
}

/** A variable the bridge reads to reach a remote gateway, which a host passes differently from this terminal. */
export interface NetworkDifference {
  /** The proxy the bridge uses for the gateway (and the hosts it bypasses), or Node's extra CA certificates. */
  readonly kind: 'proxy' | 'ca';
  /** The variable as spelled here (e.g. https_proxy or HTTPS_PROXY). */
  readonly name: string;
  readonly here: string;
  /** What the host passes instead; undefined when it drops the variable. */
  readonly passed: string | undefined;
}

/** The first of `names` that is set (not empty), with its value, the way the bridge and undici read them. */
function firstSet(env: Readonly<Record<string, string | undefined>>, names: readonly string[]): [string, string] | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') return [name, value];
  }
  return undefined;
}

/**
 * What the bridge a host starts would see differently from this terminal on the way to a remote gateway at
 * `url`: the proxy for it and NO_PROXY (when the profile uses proxies and the gateway is not this machine,
 * which is always reached directly), and NODE_EXTRA_CA_CERTS, which Node adds to the certificates it trusts.
 * Only what this terminal sets counts: a variable the host adds on its own is its entry's deliberate choice.
 */
export function networkDifferences(
  here: Readonly<Record<string, string | undefined>>,
  passed: Readonly<Record<string, string | undefined>>,
  url: URL,
  usesProxy: boolean,
): NetworkDifference[] {
  const differences: NetworkDifference[] = [];
  const compare = (kind: NetworkDifference['kind'], names: readonly string[]) => {
    const mine = firstSet(here, names);
    const theirs = firstSet(passed, names);
    if (mine && mine[1] !== theirs?.[1]) differences.push({ kind, name: mine[0], here: mine[1], passed: theirs?.[1] });
  };
  if (usesProxy && !isLoopbackHost(url.hostname)) {
    compare('proxy', url.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] : ['http_proxy', 'HTTP_PROXY']);
    if (firstSet(here, ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'])) compare('proxy', ['no_proxy', 'NO_PROXY']);
  }
  compare('ca', ['NODE_EXTRA_CA_CERTS']);
  return differences;
}

/** A proxy URL to show: its user name and password, if it carries them, left out (and said so). */
export function proxyForDisplay(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? '';
  return `${scheme}${value.slice(at + 1)} (its credentials not shown)`;
}
