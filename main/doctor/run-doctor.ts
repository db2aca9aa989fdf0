/**
 * `companion doctor`: walks the hops from an assistant's config file to the gateway's upstream in order and
 * stops at the first broken one, with its cause and fix. The assistant's hops start its configured command
 * in the environment that host passes (as `clients test` does); the rest run here, one layer at a time
 * (profile and secret, DNS, TCP, TLS, HTTP, MCP), with this machine's view of the gateway.
 */
import type { HopResult } from '../../domain/doctor-report';
import { completeReport, type DoctorReport } from '../../domain/doctor-report';
import { sessionBusHint } from '../../domain/host-environment';
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
import { GatewayExchange } from './gateway-exchange';
import { fail, HopFailure, pass, skip, timed, toHop } from './hop';
import { loadSchemaCompiler, mcpHops } from './mcp-hops';
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
  // Loads while the first hops wait on the keychain and the network; a failure shows at the tools hop.
  loadSchemaCompiler().catch(() => undefined);
  const hops: HopResult[] = [];
  const finish = (extra: { profile?: string; url?: string } = {}) =>
    completeReport({ hops, totalMs: performance.now() - started, ...(o.client ? { client: o.client } : {}), ...extra });

  let profileName = o.profile;
  if (o.client) {
    const { assistantHops } = await import('./assistant-hops');
    const found = await assistantHops(o.client, { ...o, timeoutMs }, hops);
    if (!found) return finish(profileName ? { profile: profileName } : {});
    profileName ??= found.profile;
  } else {
    hops.push(toHop('config', skip('no assistant named (--client NAME checks its config)'), 0));
    hops.push(toHop('environment', skip("this terminal's own environment is used"), 0));
  }
  const keychain = o.keychain ?? osKeychain();
  profileName ??= await new ProfileStore(profilesFile(o.paths)).defaultName().catch(() => 'default');
  const name = profileName;

  let target: Target | undefined;
  const profileHop = () =>
    timed('profile', async () => {
      target = await profileTarget(name, o, keychain);
      const h = headerNamesOf(target.profile);
      const rate = rateOf(target);
      return pass(
        `${target.profile.kind === 'embedded' ? 'the built-in reference gateway' : target.url.href}, secret bound to ${target.url.origin}, headers ${h.credential} / ${h.secret}${rate ? `, ${rate} request(s)/s` : ''}`,
      );
    });

  let profileRun: Promise<HopResult> | undefined;
  if (!o.client) {
    // The profile's own work (reading it and its secret, finding or starting the built-in gateway) waits on
    // the keychain and the disk as the keychain probe does, so it starts now; it is reported only if the
    // keychain hop passes.
    profileRun = profileHop();
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
    if (reach.status === 'failed') {
      await profileRun;
      await target?.embedded?.close();
      return finish({ profile: name });
    }
  }
  hops.push(await (profileRun ?? profileHop()));
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
