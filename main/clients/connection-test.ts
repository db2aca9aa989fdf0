import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { bridgeLogFile, type PathContext } from '../../platform/credentials/config-paths';
import { APP_VERSION } from '../../platform/app-version';
import { environmentUnderPolicy, hostEnvironmentFor, type HostEnvironment } from '../../domain/host-environment';
import { clientSpec, type ClientId } from './catalog';
import { clientStatus } from './detect';
import { launchFacts, type Launch } from './launch';
import { homeDir } from './locations';

export interface ConnectionTestResult {
  readonly ok: boolean;
  /** From spawning the command to the tools/list answer: what the assistant waits at start-up. */
  readonly latencyMs?: number;
  readonly toolCount?: number;
  readonly tools?: readonly string[];
  readonly server?: { readonly name: string; readonly version: string };
  /** What went wrong, in the bridge's own words where it gave them. */
  readonly error?: string;
  /** What to do about it. */
  readonly fix?: string;
  /** The bridge's `data.cause` (e.g. `keychain_unavailable`), or `launch_failed` when the command did not run. */
  readonly cause?: string;
  /** The end of the bridge's stderr, when it failed. */
  readonly stderr?: string;
}

export interface LaunchTestOptions {
  /** The environment the client would pass on (its own); the entry's env is laid over it. */
  readonly env: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** Per request (initialize, each tools/list page). Default 30 s: the first start may create the reference gateway's certificates. */
  readonly timeoutMs?: number;
  readonly paths: PathContext;
  /** The host whose environment rules the launch follows, so a keychain failure names its setting. */
  readonly host?: HostEnvironment;
}

const STDERR_KEPT = 4000;

function fixFor(cause: unknown, profile: string, paths: PathContext): string {
  const p = profile === 'default' ? '' : ` --profile ${profile}`;
  switch (cause) {
    case 'credentials_missing':
      return `Store the gateway credentials for profile "${profile}": run \`companion login${p}\`.`;
    case 'keychain_unavailable':
      return 'Unlock your OS keychain (login keyring) and test again; the bridge reads the credentials from it.';
    case 'profile_invalid':
      return `Check the profile: run \`companion status${p}\`, or install the entry again with an existing profile.`;
    case 'auth_rejected':
      return `The gateway rejected the credentials. Store current ones with \`companion login${p}\`.`;
    case 'tls_failed':
      return `The gateway's certificate is not trusted. Give the profile its CA file: \`companion login${p} --ca-file <file>\`.`;
    case 'upstream_unreachable':
    case 'connection_reset':
    case 'timeout':
      return `The gateway did not answer. Check the network, the proxy settings and the profile's URL with \`companion status${p}\`.`;
    case 'rate_limited':
      return 'The gateway is rate limiting this account; wait a minute and test again.';
    default:
      return `Run \`companion status${p}\` for details, and see the bridge log at ${bridgeLogFile(paths)}.`;
  }
}

/**
 * Starts `launch` exactly as a client would (command, args, env over the client's own environment, no shell),
 * then performs MCP initialize and tools/list with the official SDK client.
 */
export async function testLaunch(launch: Launch, options: LaunchTestOptions): Promise<ConnectionTestResult> {
  const profile = launchFacts(launch.command, launch.args, launch.env).profile ?? 'default';
  const env = Object.fromEntries(
    Object.entries({ ...options.env, ...launch.env }).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const transport = new StdioClientTransport({
    command: launch.command,
    args: [...launch.args],
    env,
    stderr: 'pipe',
    cwd: options.cwd ?? homeDir(options.paths),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
  });
  const client = new Client({ name: 'gateway-companion-test', version: APP_VERSION });
  const timeout = options.timeoutMs ?? 30_000;
  const started = performance.now();
  try {
    await client.connect(transport, { timeout });
    const tools: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout });
      tools.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor);
    const latencyMs = performance.now() - started;
    const info = client.getServerVersion();
    return {
      ok: true,
      latencyMs,
      toolCount: tools.length,
      tools,
      ...(info ? { server: { name: info.name, version: info.version } } : {}),
    };
  } catch (error) {
    return {
      ok: false,
      ...explain(error, launch, profile, timeout, options.paths, options.host),
      ...(stderr.trim() ? { stderr: stderr.trim() } : {}),
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}

function explain(
  error: unknown,
  launch: Launch,
  profile: string,
  timeout: number,
  paths: PathContext,
  host?: HostEnvironment,
): { error: string; fix: string; cause?: string } {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT')
    return {
      error: `The command ${launch.command} does not exist.`,
      fix: 'Install the entry again so that it points at this copy of Gateway Companion.',
      cause: 'launch_failed',
    };
  if (code === 'EACCES')
    return {
      error: `The command ${launch.command} is not executable.`,
      fix: 'Install the entry again, or make the file executable.',
      cause: 'launch_failed',
    };
  if (error instanceof McpError) {
    if (error.code === -32000 && /closed/i.test(error.message)) {
      return {
        cause: 'launch_failed',
        error: 'The bridge exited before it answered.',
        fix: `Run the command in a terminal to see why: ${[launch.command, ...launch.args].join(' ')}. The bridge log is at ${bridgeLogFile(paths)}.`,
      };
    }
    if (error.code === -32001 && /timed out/i.test(error.message)) {
      return { error: `The bridge did not answer within ${Math.round(timeout / 1000)} s.`, fix: fixFor('timeout', profile, paths) };
    }
    const { cause, failure } = (error.data as { cause?: unknown; failure?: unknown } | undefined) ?? {};
    const causeField = typeof cause === 'string' ? { cause } : {};
    if (cause === 'keychain_unavailable' && failure === 'no-session-bus' && host) {
      return { error: error.message.replace(/^MCP error -?\d+: /, ''), fix: `In ${host.name}, ${host.keychainFix}.`, ...causeField };
    }
    return { error: error.message.replace(/^MCP error -?\d+: /, ''), fix: fixFor(cause, profile, paths), ...causeField };
  }
  return { error: (error as Error).message ?? String(error), fix: fixFor(undefined, profile, paths) };
}

export type ClientTestOptions = Omit<LaunchTestOptions, 'cwd'>;

export class NotConfiguredError extends Error {
  override readonly name = 'NotConfiguredError';
}

/** Tests the entry a client's config holds now (not the one Install would write). */
export async function testClient(id: ClientId, options: ClientTestOptions): Promise<ConnectionTestResult> {
  const spec = clientSpec(id);
  const status = await clientStatus(id, { paths: options.paths });
  if (!status.entry) {
    throw new NotConfiguredError(
      status.problem ??
        `${spec.name} has no gateway-companion entry in ${status.configFile}; install it first (companion clients install ${id})`,
    );
  }
  const { command, args, env, envVars } = status.entry;
  // The environment this host would give the bridge, not the app's own.
  const hostEnv = hostEnvironmentFor(id);
  const inherited = hostEnv ? environmentUnderPolicy(hostEnv.policy, options.env, envVars ?? []) : options.env;
  return testLaunch({ command, args, ...(env ? { env } : {}) }, { ...options, env: inherited, ...(hostEnv ? { host: hostEnv } : {}) });
}
