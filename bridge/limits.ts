/** Kept apart from the bridge itself so `companion --help` need not load it. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** The longest a request may stay in flight, progress or not (`--max-call-time`). */
export const DEFAULT_MAX_CALL_SECONDS = 600;

/** The default size cap of one session recording (`--record-max-bytes`). */
export const DEFAULT_RECORD_MAX_BYTES = 50 * 1024 * 1024;
