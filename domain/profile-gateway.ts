/**
 * What a profile says about its gateway besides the URL: the two header names the gateway reads the
 * credentials from, and the rate (requests per second) its tier allows. Gateways of the same shape name
 * their headers differently (the spec's `X-SVC-*`, the public twin's `X-TW-*`), and a free tier answers
 * 429 past its rate; the presets carry what is known of each. Pure, for the store, the CLI and the form.
 */
import { isHeaderName } from './header-token';

export const DEFAULT_CREDENTIAL_HEADER = 'X-SVC-CREDENTIAL';
export const DEFAULT_SECRET_HEADER = 'X-SVC-SECRET-KEY';

/** The longest header name a profile may carry. */
export const HEADER_NAME_MAX = 64;
/** The highest rate a profile may carry (requests per second); above it pacing is pointless. */
export const RATE_MAX = 1000;

export interface CredentialHeaderNames {
  /** Carries the access id. */
  readonly credential: string;
  /** Carries the secret key. */
  readonly secret: string;
}

export const DEFAULT_HEADER_NAMES: CredentialHeaderNames = {
  credential: DEFAULT_CREDENTIAL_HEADER,
  secret: DEFAULT_SECRET_HEADER,
};

export type PresetId = 'reference' | 'custom' | 'public';

export interface GatewayPreset {
  readonly id: PresetId;
  readonly label: string;
  /** Fixed endpoint, when the preset has one. */
  readonly url?: string;
  readonly headers: CredentialHeaderNames;
  /** The tier's requests per second, when known. */
  readonly rate?: number;
  /** Where the account's credentials come from. */
  readonly credentialsHelp?: string;
}

/** The public twin of the spec's gateway: its own header names and a free tier of 1 request per second. */
export const PUBLIC_GATEWAY_URL = 'https://mcp.trustwallet.com/tws';

export const GATEWAY_PRESETS: Readonly<Record<PresetId, GatewayPreset>> = {
  reference: {
    id: 'reference',
    label: 'The built-in reference gateway',
    headers: DEFAULT_HEADER_NAMES,
  },
  custom: {
    id: 'custom',
    label: 'A gateway at your own URL',
    headers: DEFAULT_HEADER_NAMES,
  },
  public: {
    id: 'public',
    label: 'Trust Wallet API Gateway (public, free tier 1 request/s)',
    url: PUBLIC_GATEWAY_URL,
    headers: { credential: 'X-TW-CREDENTIAL', secret: 'X-TW-SECRET-KEY' },
    rate: 1,
    credentialsHelp: 'https://portal.trustwallet.com',
  },
};

export function isPresetId(value: string): value is PresetId {
  return Object.hasOwn(GATEWAY_PRESETS, value);
}

/** Why `name` cannot be a credential header name (`what` names the field), or undefined when it can. */
export function headerNameProblem(name: string, what: string): string | undefined {
  if (isHeaderName(name, HEADER_NAME_MAX)) return undefined;
  return `${what} "${name.slice(0, 80)}" is not an HTTP header name: use 1-${HEADER_NAME_MAX} letters, digits or - (e.g. ${DEFAULT_CREDENTIAL_HEADER})`;
}

/** Why the pair cannot be used (a bad name, or both the same), or undefined. */
export function headerNamesProblem(names: CredentialHeaderNames): string | undefined {
  const problem = headerNameProblem(names.credential, 'the credential header') ?? headerNameProblem(names.secret, 'the secret header');
  if (problem) return problem;
  if (names.credential.toLowerCase() === names.secret.toLowerCase())
    return `the credential and secret headers must differ (both are "${names.credential}")`;
  return undefined;
}

/** Why `rate` cannot be a profile's rate, or undefined. */
export function rateProblem(rate: number): string | undefined {
  return Number.isFinite(rate) && rate > 0 && rate <= RATE_MAX
    ? undefined
    : `the rate must be a number of requests per second above 0 and at most ${RATE_MAX}, e.g. 1 or 0.5`;
}

/** The header names a profile uses: its own, else the defaults (profiles saved before they existed). */
export function headerNamesOf(profile: {
  readonly credentialHeader?: string | undefined;
  readonly secretHeader?: string | undefined;
}): CredentialHeaderNames {
  return {
    credential: profile.credentialHeader ?? DEFAULT_CREDENTIAL_HEADER,
    secret: profile.secretHeader ?? DEFAULT_SECRET_HEADER,
  };
}
