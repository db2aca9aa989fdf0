/** A request the dataset cannot answer; the upstream turns `kind` into an HTTP status. */
export class DatasetError extends Error {
  override readonly name = 'DatasetError';
  constructor(
    readonly kind: 'invalid' | 'not_found' | 'expired',
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (code: string, message: string) => new DatasetError('invalid', code, message);
export const notFound = (code: string, message: string) => new DatasetError('not_found', code, message);
