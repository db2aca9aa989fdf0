/**
 * Larger than the bridge's default for assistants (4 MiB), so the playground can show a multi-megabyte
 * result; the Result view says when an assistant's bridge would refuse it. Its own module so that
 * `companion test` can use it without loading the playground's session (and the SDK client it holds).
 */
export const PLAYGROUND_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
