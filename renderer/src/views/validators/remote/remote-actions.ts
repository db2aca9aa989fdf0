/** Remote mode's draft changes: where the change goes, and the pull request once it is open. */
import type { QueryClient } from '@tanstack/react-query';
import type { Draft, OpenedPullRequest } from '../draft';
import { updateDraft, useWizardStore } from '../wizard-store';
import { githubKeys } from './github-queries';

/** Switches between a pull request through GitHub and a folder on this computer; the chain and details carry over. */
export function chooseSource(source: Draft['source']): void {
  updateDraft({ source });
}

/** A different upstream (a fork of the registry, a test repository): read afresh. */
export function chooseUpstream(client: QueryClient, upstream: string): void {
  updateDraft({ upstream });
  void client.resetQueries({ queryKey: githubKeys.registry(upstream), exact: true });
}

/** Reads the upstream's head again (it moves as other pull requests are merged). */
export function rereadUpstream(client: QueryClient): void {
  const { upstream } = useWizardStore.getState().draft;
  void client.resetQueries({ queryKey: githubKeys.registry(upstream), exact: true });
  void client.resetQueries({ queryKey: ['registry', 'entries', `github:${upstream}`] });
}

export function pullRequestOpened(pr: OpenedPullRequest): void {
  updateDraft({ pullRequest: pr, step: 'write' });
}
