/**
 * Profile names, for every place that takes one (profile store, CLI flags, assistant launch commands,
 * the IPC contract, the settings form). A name becomes a keychain item and a command-line argument,
 * so it is short and plain: never a space, a path separator or a leading "-".
 */

/** The longest profile name. */
export const PROFILE_NAME_MAX = 64;
/** The rule as a pattern (the collection file's JSON Schema publishes it). */
export const PROFILE_NAME_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${PROFILE_NAME_MAX - 1}}$`);

/** The rule in words, for hints and messages. */
export const PROFILE_NAME_RULE = `1-${PROFILE_NAME_MAX} letters, digits, ".", "_" or "-", starting with a letter or digit`;

/** Why `name` cannot be a profile name, or undefined when it can. */
export function profileNameProblem(name: string): string | undefined {
  return PROFILE_NAME_PATTERN.test(name) ? undefined : `invalid profile name "${name}": use ${PROFILE_NAME_RULE}`;
}
