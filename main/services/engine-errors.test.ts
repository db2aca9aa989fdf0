import { describe, expect, it } from 'vitest';
import { GitHubError, SubmissionBlocked } from '../../github/index';
import { KeychainError } from '../../platform/credentials/keychain';
import { RegistryError } from '../../registry/index';
import { engine, engineRefusal } from './engine-errors';
import { ServiceError } from './service-error';

describe('engine refusals', () => {
  it('keeps the engine code and message, with advice only where given', () => {
    const refusal = new RegistryError('unknown-chain', 'No such chain.');
    expect(engineRefusal(refusal)).toMatchObject({ code: 'unknown-chain', message: 'No such chain.' });
    expect(engineRefusal(refusal, { 'unknown-chain': 'Choose another.' })).toMatchObject({ message: 'No such chain. Choose another.' });
    expect(engineRefusal(new GitHubError('not-found', 'Gone.'))).toBeInstanceOf(ServiceError);
  });

  it('names a blocked submission and an unreachable keychain, and passes anything else through', async () => {
    const blocked = Object.create(SubmissionBlocked.prototype) as SubmissionBlocked; // its message is built from a whole review
    expect(engineRefusal(blocked)).toMatchObject({ code: 'blocked' });
    expect(engineRefusal(new KeychainError('unavailable', 'No keychain.', 'Install one.'))).toMatchObject({ code: 'keychain_unavailable' });
    const other = new TypeError('bug');
    await expect(engine(() => Promise.reject(other))).rejects.toBe(other);
    await expect(engine(async () => 42)).resolves.toBe(42);
  });
});
