/**
 * `companion doctor`: walks the hops from an assistant's config file to the gateway's upstream in order and
 * stops at the first broken one, with its cause and fix. The assistant's hops start its configured command
 * in the environment that host passes (as `clients test` does); the rest run here, one layer at a time
 * (profile and secret, DNS, TCP, TLS, HTTP, MCP), with this machine's view of the gateway.
 */
import type { HopResult } from '../../domain/doctor-report';
import { completeReport, type DoctorReport } from '../../domain/doctor-report';
import { environmentUnderPolicy, hostEnvironmentFor, sessionBusHint } from '../../domain/host-environment';
import { headerNamesOf } from '../../domain/profile-gateway';
import { Pacer } from '../../bridge/pacer';
import type { EmbeddedGateway, EmbeddedGatewayStarter } from '../../bridge/profile-target';
import { createLogger } from '../../bridge/logger';
import { readCaFile } from '../../platform/credentials/ca-file';
import { profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import { CredentialsError, OriginMismatchError, resolveCredentials } from '../../platform/credentials/credentials';
import { KeychainError, osKeychain, type Credentials, type Keychain } from '../../platform/credentials/keychain';
import { ProfileError, ProfileStore, validateProfile, type Profile } from '../../platform/credentials/profiles';
import type { ClientId } from '../clients/catalog';
import { testLaunch, type ConnectionTestResult } from '../clients/connection-test';
import { clientStatus } from '../clients/detect';
import { checkPassedEnvironment } from './environment-hop';
import { GatewayExchange } from './gateway-exchange';
import { fail, HopFailure, pass, skip, timed, toHop } from './hop';
import { mcpHops } from './mcp-hops';
import { endpointOf, probeDns, probeTcp, probeTls } from './network-hops';

export interface DoctorOptions {
  readonly profile?: string | undefined;
  readonly client?: ClientId | undefined;
  readonly env: NodeJS.ProcessEnv;
  readonly paths: PathContext;
  readonly keychain?: Keychain;
  /** Starts or finds the reference gateway for an `embedded` profile. */
  readonly embedded?: EmbeddedGatewayStarter;
  /** Each network step's deadline (default 10 s); the assistant's launch gets three times as long. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

function loginHint(profile: string): string {
  return `companion login${profile === 'default' ? '' : ` --profile ${profile}`}`;
}

interface Target {
  readonly profile: Profile;
  readonly url: URL;
  readonly credentials: Credentials;
  readonly ca: string | undefined;
  readonly embedded?: EmbeddedGateway;
}

/** The assistant's three hops: its config entry (and that its command runs), its environment, the keychain there. */
async function assistantHops(client: ClientId, o: DoctorOptions, hops: HopResult[]): Promise<{ profile?: string } | undefined> {
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
        timeoutMs: (o.timeoutMs ?? DEFAULT_TIMEOUT_MS) * 3,
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

  const environment = await timed('environment', () => Promise.resolve(checkPassedEnvironment(host, passed, o.paths)));
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

/** The rate requests are paced to: the profile's, else (the built-in profile) the gateway's tier when the app paces to it. */
function rateOf(t: Target): number | undefined {
  return t.profile.rate ?? t.embedded?.pace;
}

async function loadProfile(name: string, o: DoctorOptions): Promise<Profile> {
  const store = new ProfileStore(profilesFile(o.paths));
  let profile: Profile | undefined;
  try {
    profile = await store.get(name);
    if (!profile && name === 'default') {
      const { ensureDefaultProfile } = await import('../../platform/credentials/default-profile');
      profile = await ensureDefaultProfile({ paths: o.paths, env: o.env, ...(o.keychain ? { keychain: o.keychain } : {}) });
    }
    if (!profile)
      throw new HopFailure({
        ok: false,
        cause: 'no_profile',
        detail: `there is no profile named "${name}"`,
        fix: `Create it: ${loginHint(name)} --url <gateway URL> (or --preset public).`,
      });
    return validateProfile(profile);
  } catch (error) {
    if (error instanceof ProfileError)
      throw new HopFailure({
        ok: false,
        cause: 'profile_invalid',
        detail: error.message,
        fix: `Correct the profile: ${loginHint(name)} --url <https URL>.`,
      });
    throw error;
  }
}

async function profileTarget(name: string, o: DoctorOptions, keychain: Keychain): Promise<Target> {
  const profile = await loadProfile(name, o);
  if (profile.kind === 'embedded') {
    if (!o.embedded)
      throw new HopFailure({
        ok: false,
        cause: 'profile_invalid',
        detail: 'the built-in gateway cannot be started from here',
        fix: 'Run companion doctor from the installed app.',
      });
    const embedded = await o.embedded({
      profile,
      paths: o.paths,
      env: o.env,
      log: createLogger({ debug: false, tag: 'doctor' }),
      keychain,
    });
    return { profile, url: new URL(embedded.url ?? profile.url), credentials: embedded.credentials, ca: embedded.caPem, embedded };
  }
  let credentials: Credentials | undefined;
  try {
    credentials = (await resolveCredentials(profile.name, { env: o.env, keychain, origin: profile.url }))?.credentials;
  } catch (error) {
    if (error instanceof OriginMismatchError)
      throw new HopFailure({
        ok: false,
        cause: 'origin_changed',
        detail: error.message,
        fix: `Enter the secret again for the new address: ${loginHint(profile.name)}. It is never sent to an address it was not entered for.`,
      });
    if (error instanceof CredentialsError || error instanceof KeychainError)
      throw new HopFailure({
        ok: false,
        cause: error instanceof KeychainError ? 'keychain_unavailable' : 'credentials_invalid',
        detail: error.message,
        fix: `${loginHint(profile.name)} to store them again.`,
      });
    throw error;
  }
  if (!credentials)
    throw new HopFailure({
      ok: false,
      cause: 'no_secret',
      detail: `no access id and secret key are stored for profile "${profile.name}"`,
      fix: `Store them: ${loginHint(profile.name)} (or Settings → the profile → credentials).`,
    });
  let ca: string | undefined;
  if (profile.caFile) {
    const read = await readCaFile(profile.caFile);
    if (!read.ok)
      throw new HopFailure({
        ok: false,
        cause: 'ca_file',
        detail: `the CA file ${profile.caFile} ${read.problem}`,
        fix: `Point the profile at the gateway's CA certificate: ${loginHint(profile.name)} --ca-file <file>.`,
      });
    ca = read.pem;
  }
  return { profile, url: new URL(profile.url), credentials, ca };
}

export async function runDoctor(o: DoctorOptions): Promise<DoctorReport> {
  const started = performance.now();
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const hops: HopResult[] = [];
  const finish = (extra: { profile?: string; url?: string } = {}) =>
    completeReport({ hops, totalMs: performance.now() - started, ...(o.client ? { client: o.client } : {}), ...extra });

  let profileName = o.profile;
  if (o.client) {
    const found = await assistantHops(o.client, o, hops);
    if (!found) return finish(profileName ? { profile: profileName } : {});
    profileName ??= found.profile;
  } else {
    hops.push(toHop('config', skip('no assistant named (--client NAME checks its config)'), 0));
    hops.push(toHop('environment', skip("this terminal's own environment is used"), 0));
  }
  const keychain = o.keychain ?? osKeychain();
  profileName ??= await new ProfileStore(profilesFile(o.paths)).defaultName().catch(() => 'default');
  const name = profileName;

  if (!o.client) {
    const reach = await timed('keychain', async () => {
      try {
        await keychain.get(name);
        return pass('reachable');
      } catch (error) {
        if (!(error instanceof KeychainError)) throw error;
        // The built-in gateway's demo credentials are made for the session where no keychain can be reached
        // (the bridge works without one), so an unreachable keychain breaks only a profile with a stored secret.
        const profile = await new ProfileStore(profilesFile(o.paths)).get(name).catch(() => undefined);
        if (profile === undefined || profile.kind === 'embedded')
          return pass('not reachable here; the built-in gateway needs none (its demo credentials are made for the session)');
        return fail('keychain_unavailable', error.detail, error.failure === 'no-session-bus' ? sessionBusHint(undefined) : error.remedy);
      }
    });
    hops.push(reach);
    if (reach.status === 'failed') return finish({ profile: name });
  }

  let target: Target | undefined;
  const profileHop = await timed('profile', async () => {
    target = await profileTarget(name, o, keychain);
    const h = headerNamesOf(target.profile);
    const rate = rateOf(target);
    return pass(
      `${target.profile.kind === 'embedded' ? 'the built-in reference gateway' : target.url.href}, secret bound to ${target.url.origin}, headers ${h.credential} / ${h.secret}${rate ? `, ${rate} request(s)/s` : ''}`,
    );
  });
  hops.push(profileHop);
  if (!target) return finish({ profile: name });
  const t = target;
  try {
    const endpoint = endpointOf(t.url);
    const addresses: string[] = [];
    for (const [id, probe] of [
      ['dns', () => probeDns(endpoint, addresses)],
      ['tcp', () => probeTcp(endpoint, addresses[0]!, timeoutMs)],
      ['tls', () => probeTls(endpoint, addresses[0]!, t.ca, t.profile.name, timeoutMs)],
    ] as const) {
      const hop = await timed(id, probe);
      hops.push(hop);
      if (hop.status === 'failed') return finish({ profile: name, url: t.url.href });
    }
    const rate = rateOf(t);
    const exchange = new GatewayExchange({
      url: t.url,
      ca: t.ca,
      credentials: t.credentials,
      headerNames: headerNamesOf(t.profile),
      timeoutMs,
      pacer: rate ? new Pacer(rate) : undefined,
    });
    try {
      const ctx = { profile: t.profile.name, url: t.url, rate, builtIn: t.profile.kind === 'embedded' };
      hops.push(...(await mcpHops(exchange, ctx, timeoutMs)));
    } finally {
      await exchange.close();
    }
    return finish({ profile: name, url: t.url.href });
  } finally {
    await t.embedded?.close();
  }
}
