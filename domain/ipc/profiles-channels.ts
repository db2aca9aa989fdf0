import { z } from 'zod';
import { HEADER_NAME_MAX, RATE_MAX } from '../profile-gateway';
import { PROFILE_NAME_MAX } from '../profile-name';

/**
 * A profile name as the contract takes it: only bounded, because main applies the rule (domain/profile-name)
 * itself and answers with its own error code and message.
 */
export const ProfileNameArg = z.string().min(1).max(PROFILE_NAME_MAX);

/**
 * Whether a profile has credentials, never what they are: stored secrets stay in main and the keychain.
 * `managed` is the embedded reference gateway, whose demo account the bridge keeps in the keychain itself.
 */
export const CredentialState = z.object({
  stored: z.boolean(),
  source: z.enum(['keychain', 'environment', 'managed', 'none']),
  /** Why the keychain cannot be used, with the remedy. */
  problem: z.string().optional(),
  /** The stored secret was entered for another address than the profile's now: it must be entered again. */
  reenter: z.boolean().optional(),
  /**
   * The OS keychain cannot be reached: the app keeps these credentials in its memory for this session only
   * (one sentence, with how to get a keychain).
   */
  sessionOnly: z.string().optional(),
});
export type CredentialState = z.infer<typeof CredentialState>;

export const ProfileSummary = z.object({
  name: z.string(),
  kind: z.enum(['remote', 'embedded']),
  url: z.string(),
  caFile: z.string().optional(),
  timeoutSeconds: z.number().optional(),
  /** The headers the credentials go in (absent: X-SVC-CREDENTIAL / X-SVC-SECRET-KEY). */
  credentialHeader: z.string().optional(),
  secretHeader: z.string().optional(),
  /** The gateway tier's requests per second; requests are paced to it. */
  rate: z.number().optional(),
  credentials: CredentialState,
});
export type ProfileSummary = z.infer<typeof ProfileSummary>;

export const ProfileInput = z.object({
  name: ProfileNameArg,
  url: z.string().min(1).max(2048),
  /** Absolute path of a PEM CA bundle to trust for this endpoint; empty for the system store. */
  caFile: z.string().max(4096).optional(),
  timeoutSeconds: z.number().positive().max(3600).optional(),
  /** Header names (main checks them as HTTP field names); empty for the default. */
  credentialHeader: z.string().max(HEADER_NAME_MAX).optional(),
  secretHeader: z.string().max(HEADER_NAME_MAX).optional(),
  rate: z.number().positive().max(RATE_MAX).optional(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

/** Travels renderer → main only, once, when the user saves it; no channel ever returns it. */
export const CredentialsInput = z.object({
  accessId: z.string().max(4096),
  secretKey: z.string().max(4096),
});

export const profilesChannels = {
  /** Every profile with its credential state; creates the built-in `default` profile on first use. */
  'profiles:list': { args: z.tuple([]), result: z.object({ profiles: z.array(ProfileSummary) }) },
  /** Creates or replaces a remote profile (the embedded default keeps its URL). */
  'profiles:save': { args: z.tuple([ProfileInput]), result: ProfileSummary },
  /** Removes a remote profile and its keychain item. */
  'profiles:remove': { args: z.tuple([ProfileNameArg]), result: z.object({ removed: z.boolean() }) },
  /** Stores (or replaces) a profile's access id and secret key in the OS keychain. */
  'profiles:setCredentials': { args: z.tuple([ProfileNameArg, CredentialsInput]), result: CredentialState },
  /** Removes a profile's keychain item. */
  'profiles:clearCredentials': { args: z.tuple([ProfileNameArg]), result: CredentialState },
} as const;
