/**
 * Why a registry operation was refused. `code` is stable for the UI; `message` is for people.
 * Findings describe content; a RegistryError means nothing was written or read as asked.
 */
import { FileReadError } from '../platform/files/bounded-read';

export type RegistryErrorCode =
  | 'not-a-registry'
  | 'unknown-chain'
  | 'list-unparseable'
  | 'entry-not-found'
  | 'entry-exists'
  | 'entry-has-duplicate-keys'
  | 'blocked-by-findings'
  | 'changed-on-disk'
  | 'file-unreadable'
  | 'busy'
  | 'unsafe-id'
  | 'outside-folder'
  | 'linked-path'
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

/** A file that could not be read safely (missing, not a regular file, too large, outside the folder) as a refusal with `code`; other errors pass through. */
export function refusalFor(error: unknown, code: RegistryErrorCode): unknown {
  return error instanceof FileReadError ? new RegistryError(code, error.message) : error;
}
