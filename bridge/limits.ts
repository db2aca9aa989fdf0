/** Kept apart from the bridge itself so `companion --help` need not load it. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
