/**
 * The engines' refusals (registry, GitHub, keychain) as ServiceErrors carrying the engine's plain-language
 * message, which the renderer shows as it is. One mapper for every handler module.
 */
import { GitHubError, SubmissionBlocked } from '../../github/index';
import { KeychainError } from '../../platform/credentials/keychain';
import { RegistryError } from '../../registry/index';
import { ServiceError } from './service-error';

/** What to do next, by error code, for refusals whose engine message says only what is wrong. */
export type Advice = Partial<Record<string, string>>;

/** `error` as the ServiceError the renderer shows, or unchanged when it is not an engine's refusal. */
export function engineRefusal(error: unknown, advice: Advice = {}): unknown {
  if (error instanceof GitHubError || error instanceof RegistryError) {
    const next = advice[error.code];
    return new ServiceError(error.code, next ? `${error.message} ${next}` : error.message);
  }
  if (error instanceof SubmissionBlocked) return new ServiceError('blocked', error.message);
  if (error instanceof KeychainError) return new ServiceError('keychain_unavailable', error.message);
  return error;
}

/** Runs engine code, turning its refusals into errors the renderer shows as they are. */
export async function engine<T>(work: () => Promise<T>, advice?: Advice): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw engineRefusal(error, advice);
  }
}
