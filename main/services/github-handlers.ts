/**
 * Services of GitHub sign-in and of the registry change as a pull request without a clone, behind the
 * IPC contract (domain/ipc/github-channels.ts). The device flow runs in main (GitHub's OAuth endpoints
 * do not answer browsers' CORS preflights); the renderer shows the code and asks for the state.
 */
import { randomUUID } from 'node:crypto';
import {
  classicTokenUrl,
  ENV_GITHUB_CLIENT_ID,
  GitHubError,
  githubEndpoints,
  githubStatus,
  loginWithDeviceFlow,
  loginWithToken,
  logout,
  repoName,
  SubmissionBlocked,
  type GitHubContext,
  type TokenStore,
} from '../../github/index';
import { KeychainError } from '../../platform/credentials/keychain';
import { RegistryError, type WriteOperation } from '../../registry/index';
import type { DeviceFlowState } from '../../domain/ipc/github-channels';
import type { WizardOperation } from '../../domain/ipc/registry-channels';
import type { Handlers } from './dispatch';
import { reviewRemoteChange, submitRemoteChange, type RemoteChangeRequest, type RemoteReview } from './github-submission';
import { ServiceError } from './service-error';
import { planView } from './wizard/plan-view';

type GitHubChannel =
  | 'github:status'
  | 'github:loginWithToken'
  | 'github:startDeviceFlow'
  | 'github:deviceFlowState'
  | 'github:logout'
  | 'github:review'
  | 'github:submit';

export interface GitHubHandlerOptions {
  /** The environment the GitHub settings come from (default: the process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** The token store (default: the OS keychain). */
  readonly store?: TokenStore;
  /** The wizard's operation resolver (its logos live in the registry services). */
  readonly toEngineOperation: (op: WizardOperation) => Promise<WriteOperation>;
}

/** Reviews waiting for "Open pull request"; older ones are dropped (the review is then made again). */
const KEEP_REVIEWS = 8;

/** Runs engine code, turning refusals into errors the renderer shows as they are. */
async function engine<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GitHubError || error instanceof RegistryError) throw new ServiceError(error.code, error.message);
    if (error instanceof SubmissionBlocked) throw new ServiceError('blocked', error.message);
    if (error instanceof KeychainError) throw new ServiceError('keychain', error.message);
    throw error;
  }
}

export function githubHandlers(options: GitHubHandlerOptions): Pick<Handlers, GitHubChannel> {
  const env = () => options.env ?? process.env;
  const ctx = (): GitHubContext => ({ env: env(), ...(options.store ? { store: options.store } : {}) });
  const flows = new Map<string, DeviceFlowState>();
  const reviews = new Map<string, { request: RemoteChangeRequest; review: RemoteReview }>();

  return {
    'github:status': () =>
      engine(async () => {
        const endpoints = githubEndpoints(env());
        const { scopes, ...status } = await githubStatus(ctx());
        return {
          ...status,
          ...(scopes ? { scopes: [...scopes] } : {}),
          webUrl: endpoints.webUrl,
          tokenPageUrl: classicTokenUrl(endpoints.webUrl),
          deviceFlowAvailable: Boolean(env()[ENV_GITHUB_CLIENT_ID]),
        };
      }),
    'github:loginWithToken': (token) =>
      engine(async () => {
        const account = await loginWithToken(token, ctx());
        return { login: account.login, scopes: [...account.scopes] };
      }),
    'github:startDeviceFlow': () =>
      engine(async () => {
        const flowId = randomUUID();
        flows.set(flowId, { state: 'pending' });
        return new Promise((resolve, reject) => {
          loginWithDeviceFlow(
            {
              onVerification: (v) =>
                resolve({ flowId, userCode: v.userCode, verificationUri: v.verificationUri, expiresInSeconds: v.expiresInSeconds }),
            },
            ctx(),
          ).then(
            (account) => flows.set(flowId, { state: 'done', account: { login: account.login, scopes: [...account.scopes] } }),
            (error: unknown) => {
              const code = error instanceof GitHubError ? error.code : 'internal';
              flows.set(flowId, { state: 'failed', code, message: (error as Error).message });
              // Before the code was shown, the failure is the answer to this call (no client id, for one).
              reject(error instanceof GitHubError ? new ServiceError(error.code, error.message) : (error as Error));
            },
          );
        });
      }),
    'github:deviceFlowState': async (flowId) => {
      const state = flows.get(flowId);
      if (!state) throw new ServiceError('flow_unknown', 'This sign-in is no longer known (the app restarted). Start signing in again.');
      return state;
    },
    'github:logout': () => engine(async () => ({ removed: await logout(ctx()) })),
    'github:review': (op, upstream) =>
      engine(async () => {
        const request: RemoteChangeRequest = { operation: await options.toEngineOperation(op), ...(upstream ? { upstream } : {}) };
        const review = await reviewRemoteChange(request, ctx());
        const planId = randomUUID();
        reviews.set(planId, { request, review });
        for (const key of [...reviews.keys()].slice(0, -KEEP_REVIEWS)) reviews.delete(key);
        const where = `${repoName(review.upstream)}@${review.base.commit.slice(0, 7)}`;
        return {
          plan: planView(planId, review.plan, (path) => `${where}:${path}`),
          upstream: repoName(review.upstream),
          defaultBranch: review.base.defaultBranch,
          base: review.base.commit,
          title: review.title,
          branch: review.branch,
          ruleProblems: [...review.ruleProblems],
        };
      }),
    'github:submit': (planId) =>
      engine(async () => {
        const held = reviews.get(planId);
        if (!held)
          throw new ServiceError(
            'plan_expired',
            'This review is out of date (the app restarted, or it was reviewed again). Go back to Review, then open the pull request.',
          );
        const result = await submitRemoteChange(held.request, ctx(), { reviewed: held.review });
        return {
          url: result.url,
          number: result.number,
          branch: result.branch,
          commit: result.commit,
          files: [...result.files],
          fork: result.fork,
          base: result.base,
          reusedCommit: result.reusedCommit,
          reusedPullRequest: result.reusedPullRequest,
          ...(result.replanned ? { replanned: { ...result.replanned, changes: [...result.replanned.changes] } } : {}),
          notes: [...result.notes],
        };
      }),
  };
}
