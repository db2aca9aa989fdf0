/** An expected failure with a stable code and a message for people; crosses IPC as data. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
