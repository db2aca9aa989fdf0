/**
 * The profile a run uses for the items that name none, for `companion test --profile` and the app's
 * Collections view alike: none named means the built-in profile (the embedded reference gateway, which
 * always exists); a named one must exist, so a typo is one plain refusal rather than every item failing
 * to connect. An item's own `profile` still wins (the runner decides that per item).
 */
import { profileNameProblem } from '../../domain/profile-name';
import { profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import { DEFAULT_PROFILE } from '../../platform/credentials/default-profile';
import { ProfileStore } from '../../platform/credentials/profiles';

export class RunProfileError extends Error {
  override readonly name = 'RunProfileError';
  constructor(
    /** invalid: not a profile name at all; unknown: no such profile in `file`. */
    readonly reason: 'invalid' | 'unknown',
    readonly profile: string,
    message: string,
  ) {
    super(message);
  }
}

/** The run's profile: `requested` when it exists, the built-in one when none is requested. */
export async function runProfileFor(requested: string | undefined, paths: PathContext): Promise<string> {
  if (requested === undefined || requested === DEFAULT_PROFILE) return DEFAULT_PROFILE;
  const problem = profileNameProblem(requested);
  if (problem) throw new RunProfileError('invalid', requested, problem);
  const store = new ProfileStore(profilesFile(paths));
  if (!(await store.get(requested)))
    throw new RunProfileError('unknown', requested, `there is no profile named "${requested}" in ${store.file}`);
  return requested;
}
