/**
 * Why a registry operation was refused. `code` is stable for the UI; `message` is for people.
 * Findings describe content; a RegistryError means nothing was written or read as asked.
 */
export type RegistryErrorCode =
  | 'not-a-registry'
  | 'unknown-chain'
  | 'list-unparseable'
  | 'entry-not-found'
  | 'entry-exists'
  | 'entry-has-duplicate-keys'
  | 'blocked-by-findings'
  | 'changed-on-disk'
  | 'busy'
  | 'unsafe-id'
  | 'nothing-to-undo'
  | 'undo-conflict'
  | 'logo-unfixable'
  | 'invalid-option';

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
  constructor(
    readonly code: RegistryErrorCode,
    message: string,
  ) {
    super(message);
  }
}
