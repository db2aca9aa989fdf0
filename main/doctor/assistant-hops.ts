/**
 * The doctor's first three hops, run only when it starts from an assistant (`--client`): its config entry
 * (and that its command runs), the environment it passes the bridge, the keychain from there. Loaded on
 * demand: reading assistants' configs and starting their command need parsers and an MCP client that a
 * run for a profile does not.
 */
import type { HopResult } from '../../domain/doctor-report';
import { environmentUnderPolicy, hostEnvironmentFor } from '../../domain/host-environment';
import { profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import { ProfileStore } from '../../platform/credentials/profiles';
import type { ClientId } from '../clients/catalog';
import { testLaunch, type ConnectionTestResult } from '../clients/connection-test';
import { clientStatus } from '../clients/detect';
import { checkPassedEnvironment } from './environment-hop';
import { fail, pass, timed } from './hop';

export interface AssistantHopOptions {
  /** The profile asked for, which the install hint repeats. */
  readonly profile?: string | undefined;
  readonly env: NodeJS.ProcessEnv;
  readonly paths: PathContext;
  /** Each network step's deadline; the assistant's launch gets three times as long. */
  readonly timeoutMs: number;
}

/** The assistant's three hops: its config entry (and that its command runs), its environment, the keychain there. */
export async function assistantHops(
  client: ClientId,
  o: AssistantHopOptions,
  hops: HopResult[],
): Promise<{ profile?: string } | undefined> {
  let launch: ConnectionTestResult | undefined;
  let entryProfile: string | undefined;
  let passed: NodeJS.ProcessEnv = o.env;
  const host = hostEnvironmentFor(client);
  const config = await timed('config', async () => {
    const status = await clientStatus(client, { paths: o.paths });
    const install = `companion clients install ${client}${o.profile ? ` --profile ${o.profile}` : ''}`;
    if (status.problem && status.state !== 'stale')
      return fail(
        'config_unreadable',
        status.problem,
        'Fix the file as the message says (or restore a backup), then run the doctor again.',
      );
    if (!status.configExists)
      return fail(
        'no_config',
        `${status.name} has no config file at ${status.displayPath}`,
        `Add Gateway Companion to ${status.name}: ${install} (or Assistants → ${status.name} → Install), then restart it.`,
      );
    if (!status.entry)
      return fail(
        status.problem ? 'entry_invalid' : 'entry_missing',
        status.problem ?? `${status.displayPath} has no gateway-companion entry`,
        `Add it: ${install} (or Assistants → ${status.name} → Install), then restart ${status.name}.`,
      );
    if (status.entry.missing.length > 0)
      return fail(
        'stale_command',
        `the entry runs ${status.entry.missing.join(', ')}, which no longer exists`,
        `Install the entry again so it points at this copy of Gateway Companion: ${install}, then restart ${status.name}.`,
      );
    entryProfile = status.entry.profile;
    const { command, args, env, envVars } = status.entry;
    passed = host ? { ...environmentUnderPolicy(host.policy, o.env, envVars ?? []), ...env } : { ...o.env, ...env };
    launch = await testLaunch(
      { command, args, ...(env ? { env } : {}) },
      {
        env: host ? environmentUnderPolicy(host.policy, o.env, envVars ?? []) : o.env,
        paths: o.paths,
        timeoutMs: o.timeoutMs * 3,
        ...(host ? { host } : {}),
      },
    );
    if (launch.cause === 'launch_failed')
      return fail(
        'launch_failed',
        `${launch.error ?? 'the command did not start'}${launch.stderr ? ` (it printed: ${launch.stderr.slice(-300)})` : ''}`,
        launch.fix ?? `Install the entry again: ${install}.`,
      );
    return pass(`${status.displayPath}: entry "${command} ${args.join(' ')}" runs${launch.ok ? `, ${launch.toolCount} tools` : ''}`);
  });
  hops.push(config);
  if (config.status === 'failed') return undefined;

  // The profile the bridge will use, for the variables that matter on the way to its gateway (unreadable: the profile hop says why).
  const profile = await (async () => {
    const store = new ProfileStore(profilesFile(o.paths));
    return store.get(o.profile ?? entryProfile ?? (await store.defaultName()));
  })().catch(() => undefined);
  const environment = await timed('environment', () =>
    Promise.resolve(checkPassedEnvironment(host, passed, o.paths, { profile, here: o.env })),
  );
  hops.push(environment);
  if (environment.status === 'failed') return undefined;

  const keychain = await timed('keychain', () => {
    if (launch?.cause === 'keychain_unavailable')
      return Promise.resolve(
        fail(
          'keychain_unavailable',
          launch.error ?? 'the bridge cannot reach the keychain',
          launch.fix ?? 'Unlock the login keyring and try again.',
        ),
      );
    return Promise.resolve(pass(`reachable from ${host?.name ?? 'the assistant'}'s environment`));
  });
  hops.push(keychain);
  if (keychain.status === 'failed') return undefined;
  return entryProfile ? { profile: entryProfile } : {};
}
