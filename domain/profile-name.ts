import { z } from 'zod';

/**
 * Profile names, for every place that takes one (profile store, CLI flags, assistant launch commands,
 * the IPC contract, the settings form). A name becomes a keychain item and a command-line argument,
 * so it is short and plain: never a space, a path separator or a leading "-".
 */
const MAX = 64;
const PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${MAX - 1}}$`);

/** The rule in words, for hints and messages. */
export const PROFILE_NAME_RULE = `1-${MAX} letters, digits, ".", "_" or "-", starting with a letter or digit`;

/** Why `name` cannot be a profile name, or undefined when it can. */
export function profileNameProblem(name: string): string | undefined {
  return PATTERN.test(name) ? undefined : `invalid profile name "${name}": use ${PROFILE_NAME_RULE}`;
}

/**
 * A profile name as the IPC contract takes it: only bounded, because main applies the rule itself and
 * answers with its own error code and the message above.
 */
export const ProfileNameArg = z.string().min(1).max(MAX);
