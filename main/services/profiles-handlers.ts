import path from 'node:path';
import type { CredentialState, ProfileInput, ProfileSummary } from '../../domain/ipc/profiles-channels';
import { readCaFile } from '../../platform/credentials/ca-file';
import { currentPathContext, profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import { clearCredentials, credentialStatus, CredentialsError, storeCredentials } from '../../platform/credentials/credentials';
import { DEFAULT_PROFILE, ensureDefaultProfile } from '../../platform/credentials/default-profile';
import { KeychainError, osKeychain, type Keychain } from '../../platform/credentials/keychain';
import { ProfileError, ProfileStore, type Profile } from '../../platform/credentials/profiles';
import { sessionOnlyNotice } from '../../platform/credentials/session-secrets';
import type { Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { ServiceError } from './service-error';

type ProfilesChannel = 'profiles:list' | 'profiles:save' | 'profiles:remove' | 'profiles:setCredentials' | 'profiles:clearCredentials';

export interface ProfilesDeps {
  readonly env?: NodeJS.ProcessEnv;
  readonly paths?: PathContext;
  readonly keychain?: Keychain;
}

const sentence = (text: string) => {
  const t = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

/**
 * Gateway profiles and their keychain credentials for the interface. Secrets only ever travel in:
 * results say whether credentials are stored and where, never what they are.
 */
export function profilesHandlers(_ctx: HostContext, deps: ProfilesDeps = {}): Pick<Handlers, ProfilesChannel> {
  const env = deps.env ?? process.env;
  const paths = deps.paths ?? currentPathContext(env);
  const keychain = deps.keychain ?? osKeychain();
  const store = new ProfileStore(profilesFile(paths));

  async function guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      if (error instanceof ProfileError) throw new ServiceError('invalid_profile', sentence(error.message));
      if (error instanceof CredentialsError) throw new ServiceError('invalid_credentials', sentence(error.message));
      if (error instanceof KeychainError) throw new ServiceError('keychain_unavailable', error.message);
      throw error;
    }
  }

  async function stateOf(profile: Profile): Promise<CredentialState> {
    if (profile.kind === 'embedded') return { stored: true, source: 'managed' };
    const status = await credentialStatus(profile.name, { env, keychain, origin: profile.url });
    const problem = status.originMismatch?.message ?? status.keychainError?.message ?? status.environmentError;
    // Without a reachable keychain the app keeps what is entered here in memory for the session, and says so.
    const fallback = keychain.fallback;
    const sessionOnly =
      status.source !== 'environment' && fallback && (fallback.inSession(profile.name) || fallback.unreachable())
        ? sessionOnlyNotice(process.platform, 'these credentials')
        : undefined;
    return {
      stored: status.stored,
      source: status.source,
      ...(problem ? { problem } : {}),
      ...(sessionOnly ? { sessionOnly } : {}),
      ...(status.originMismatch ? { reenter: true } : {}),
    };
  }

  async function summary(profile: Profile): Promise<ProfileSummary> {
    return {
      name: profile.name,
      kind: profile.kind,
      url: profile.url,
      ...(profile.caFile ? { caFile: profile.caFile } : {}),
      ...(profile.timeoutSeconds !== undefined ? { timeoutSeconds: profile.timeoutSeconds } : {}),
      ...(profile.credentialHeader !== undefined ? { credentialHeader: profile.credentialHeader } : {}),
      ...(profile.secretHeader !== undefined ? { secretHeader: profile.secretHeader } : {}),
      ...(profile.rate !== undefined ? { rate: profile.rate } : {}),
      credentials: await stateOf(profile),
    };
  }

  async function remoteProfile(name: string): Promise<Profile> {
    const profile = await store.get(name);
    if (!profile) throw new ServiceError('not_found', `There is no profile named "${name}".`);
    if (profile.kind === 'embedded') {
      throw new ServiceError('managed_profile', `"${name}" is the built-in reference gateway; its demo account is managed for you.`);
    }
    return profile;
  }

  async function checkCaFile(file: string): Promise<void> {
    if (!path.isAbsolute(file))
      throw new ServiceError('invalid_profile', `The CA file must be an absolute path, e.g. /home/you/gateway-ca.pem; got "${file}".`);
    const read = await readCaFile(file);
    if (!read.ok) throw new ServiceError('invalid_profile', `The CA file ${file} ${read.problem}.`);
  }

  return {
    'profiles:list': () =>
      guard(async () => {
        // The built-in profile exists from the first look; the bridge learns its demo account on connect.
        await ensureDefaultProfile({ env, paths, keychain });
        const profiles = await store.list();
        profiles.sort((a, b) => (a.name === DEFAULT_PROFILE ? -1 : b.name === DEFAULT_PROFILE ? 1 : a.name.localeCompare(b.name)));
        // One at a time: the keychain's "locked or empty?" probe uses one item per process.
        const summaries: ProfileSummary[] = [];
        for (const profile of profiles) summaries.push(await summary(profile));
        return { profiles: summaries };
      }),

    'profiles:save': (input: ProfileInput) =>
      guard(async () => {
        const existing = await store.get(input.name);
        if (existing?.kind === 'embedded' || input.name === DEFAULT_PROFILE) {
          throw new ServiceError(
            'managed_profile',
            `"${input.name}" is the built-in reference gateway's profile; give yours another name.`,
          );
        }
        const caFile = input.caFile?.trim() || undefined;
        if (caFile) await checkCaFile(caFile);
        const credentialHeader = input.credentialHeader?.trim() || undefined;
        const secretHeader = input.secretHeader?.trim() || undefined;
        const saved = await store.save({
          name: input.name.trim(),
          kind: 'remote',
          url: input.url.trim(),
          ...(caFile ? { caFile } : {}),
          ...(input.timeoutSeconds !== undefined ? { timeoutSeconds: input.timeoutSeconds } : {}),
          ...(credentialHeader ? { credentialHeader } : {}),
          ...(secretHeader ? { secretHeader } : {}),
          ...(input.rate !== undefined ? { rate: input.rate } : {}),
        });
        return summary(saved);
      }),

    'profiles:remove': (name) =>
      guard(async () => {
        await remoteProfile(name);
        await clearCredentials(name, keychain).catch(() => false);
        return { removed: await store.remove(name) };
      }),

    'profiles:setCredentials': (name, credentials) =>
      guard(async () => {
        const profile = await remoteProfile(name);
        // Pasting often brings a trailing newline or spaces; the values themselves never contain any.
        await storeCredentials(
          name,
          { accessId: credentials.accessId.trim(), secretKey: credentials.secretKey.trim(), origin: profile.url },
          keychain,
        );
        return stateOf(profile);
      }),

    'profiles:clearCredentials': (name) =>
      guard(async () => {
        const profile = await remoteProfile(name);
        await clearCredentials(name, keychain);
        return stateOf(profile);
      }),
  };
}
