/** What each step of opening a pull request looks like to the user, for both modes' progress lines. */
import type { SubmitStep } from '../../../../../domain/ipc/github-channels';

export const STEP_WORDS: Record<SubmitStep, string> = {
  'reading-upstream': 'Reading the registry on GitHub…',
  replanning: 'The registry changed since your review: preparing the change again on the newest version…',
  forking: 'Making your copy (fork) of the registry on GitHub…',
  'waiting-for-fork': 'Waiting for GitHub to finish your copy of the registry (this can take a minute)…',
  'syncing-fork': 'Bringing your copy up to date…',
  committing: 'Saving your entry and logo on a new branch…',
  pushing: 'Sending the branch to your copy on GitHub…',
  'opening-pull-request': 'Opening the pull request…',
};
