/**
 * Services of the submission without a clone (remote mode): GitHub sign-in, the upstream registry read
 * through the API, the review planned on its head, the pull request and its status. The same engine as
 * `companion registry submit` (github/, through github-submission.ts); engine refusals become
 * ServiceErrors with the engine's plain-language message.
 */
import type { GitHubClientIdState, LocalPullRequestOpened, PullRequestOpened, RemotePlanView } from '../../domain/ipc/github-channels';
import type { WizardOperation } from '../../domain/ipc/registry-channels';
import {
  classicTokenUrl,
  clientIdSetting,
  clientIdSettingsFile,
  configuredClientId,
  DEFAULT_UPSTREAM,
  GitHubError,
  githubEndpoints,
  githubStatus,
  loginWithToken,
  logout,
  RateLimitMemory,
  readingClient,
  saveClientIdSetting,
  type GitHubContext,
} from '../../github/index';
import { branchName, pullRequestTitle } from '../../github/pull-request-text';
import { pullRequestRuleProblems } from '../../github/pull-request-rules';
import { TokenStore } from '../../github/token-store';
import type { AskpassProgram } from '../../github/askpass';
import type { Keychain } from '../../platform/credentials/keychain';
import { sessionOnlyNotice } from '../../platform/credentials/session-secrets';
import { ConditionalCache } from '../../github/conditional-cache';
import { planChange, type PlannedChange, type WriteOperation } from '../../registry/index';
import { remoteSource } from '../../github/remote-registry';
import type { Handlers } from './dispatch';
import { engine } from './engine-errors';
import { chainEntries, entryFindings } from './entry-views';
import { HeldPlans } from './held-plans';
import { signedIn, submitRemoteChange, type RemoteReview } from './github-submission';
import { pushLocalChange } from './local-submission';
import { normaliseFolderInput } from './wizard/folder-info';
import type { HostContext } from './host-context';
import { DeviceSignIns } from './remote/device-sign-in';
import { pullRequestStatus } from './remote/pull-request-status';
import { repoOf, UpstreamReads } from './remote/upstream-reads';
import { planView } from './wizard/plan-view';
import { existingLogoOf } from './wizard/logo-service';

type AccountChannel =
  | 'github:status'
  | 'github:startDeviceSignIn'
  | 'github:deviceSignInState'
  | 'github:cancelDeviceSignIn'
  | 'github:setClientId'
  | 'github:signInWithToken'
  | 'github:signOut';
type ReadingChannel = 'github:openRegistry' | 'github:chainEntries' | 'github:checkEntry' | 'github:existingLogo' | 'github:plan';
type SubmittingChannel = 'github:openPullRequest' | 'github:pushLocal' | 'github:pullRequest';
type GitHubChannel = AccountChannel | ReadingChannel | SubmittingChannel;

export interface GitHubHandlerOptions {
  /** The wizard's operation for the engine, with the uploaded logo (the registry service's). */
  readonly engineOperation: (op: WizardOperation) => Promise<WriteOperation>;
  /** Default: the process environment, read on every call (COMPANION_GITHUB_API_URL, COMPANION_GITHUB_URL, …). */
  readonly env?: () => NodeJS.ProcessEnv;
  /** Default: the OS keychain (the app passes its own, which falls back to memory for the session without one). */
  readonly keychain?: Keychain;
  /** The OAuth app client id built into the app (default: this build's). */
  readonly builtInClientId?: string;
  /** The app's settings file (the OAuth app's client id). Default: settings.json in the config folder. */
  readonly settingsFile?: string;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Where the registry engine keeps write history (the registry service's; default per user). */
  readonly historyDir?: string;
  /** How git starts this app as its askpass helper (default: this installation). */
  readonly askpass?: AskpassProgram;
  /** How long to wait for a new fork (default 5 minutes) and how often to look. */
  readonly forkWaitMs?: number;
  readonly pollIntervalMs?: number;
}

/** What the handler groups share: the host, the options, and the app-long memories of one `githubHandlers`. */
interface Shared {
  readonly ctx: HostContext;
  readonly options: GitHubHandlerOptions;
  readonly env: () => NodeJS.ProcessEnv;
  readonly context: () => GitHubContext;
  readonly reads: UpstreamReads;
  readonly signIns: DeviceSignIns;
  readonly reviews: HeldPlans<RemoteReview>;
}

/** Which client id the browser sign-in would use and where it comes from; a problem is reported, not thrown. */
async function clientIdState(c: GitHubContext): Promise<GitHubClientIdState> {
  const problems: string[] = [];
  const settle = async <T>(read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof GitHubError)) throw error;
      if (!problems.includes(error.message)) problems.push(error.message);
      return undefined;
    }
  };
  const saved = await settle(() => clientIdSetting(c));
  const inUse = await settle(() => configuredClientId(c));
  return {
    settingsFile: clientIdSettingsFile(c),
    ...(saved !== undefined ? { saved } : {}),
    ...(inUse && inUse.source !== 'flag' ? { source: inUse.source, inUse: inUse.clientId, kind: inUse.kind } : {}),
    ...(problems.length ? { problem: problems.join(' ') } : {}),
  };
}

export function githubHandlers(ctx: HostContext, options: GitHubHandlerOptions): Pick<Handlers, GitHubChannel> {
  const env = options.env ?? (() => process.env);
  // One memory for the app's life: the pull request page's next poll waits for a limit an earlier call hit.
  const rateLimits = new RateLimitMemory();
  // And one memory of answers with ETags: reading the registry again costs no quota when it has not changed.
  const conditional = new ConditionalCache();
  const context = (): GitHubContext => ({
    env: env(),
    rateLimits,
    conditional,
    ...(options.builtInClientId !== undefined ? { builtInClientId: options.builtInClientId } : {}),
    ...(options.keychain ? { store: new TokenStore(options.keychain, env()) } : {}),
    ...(options.settingsFile ? { settingsFile: options.settingsFile } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const reads = new UpstreamReads(context);
  const signIns = new DeviceSignIns(context, () => reads.clear());
  // Reviews waiting for "Open pull request"; older ones are dropped (opening then plans again on the head).
  const shared: Shared = { ctx, options, env, context, reads, signIns, reviews: new HeldPlans<RemoteReview>() };
  return { ...accountHandlers(shared), ...readingHandlers(shared), ...submittingHandlers(shared) };
}

/** Sign-in, sign-out, the client id and the status the GitHub page shows. */
function accountHandlers({ options, env, context, reads, signIns }: Shared): Pick<Handlers, AccountChannel> {
  return {
    'github:status': () =>
      engine(async () => {
        const endpoints = githubEndpoints(env());
        const { scopes, problem: reported, ...status } = await githubStatus(context());
        const clientId = await clientIdState(context());
        const fallback = options.keychain?.fallback;
        const sessionOnly =
          fallback && (status.source === 'session' || fallback.unreachable() !== undefined) ? sessionOnlyNotice() : undefined;
        // Without a keychain the app signs in for the session: the keychain's own error is not the operator's problem.
        const problem = sessionOnly && !status.source ? undefined : reported;
        return {
          ...status,
          ...(problem ? { problem } : {}),
          ...(sessionOnly ? { sessionOnly } : {}),
          ...(scopes ? { scopes: [...scopes] } : {}),
          webUrl: endpoints.webUrl,
          deviceFlow: clientId.inUse !== undefined,
          clientId,
          tokenUrl: classicTokenUrl(endpoints.webUrl),
          defaultUpstream: DEFAULT_UPSTREAM,
        };
      }),
    'github:startDeviceSignIn': () => engine(() => signIns.start()),
    'github:deviceSignInState': (flowId) => signIns.state(flowId),
    'github:cancelDeviceSignIn': (flowId) => ({ cancelled: signIns.cancel(flowId) }),
    'github:setClientId': (clientId) =>
      engine(async () => {
        await saveClientIdSetting(context(), clientId);
        return clientIdState(context());
      }),
    'github:signInWithToken': (token) =>
      engine(async () => {
        const account = await loginWithToken(token, context());
        reads.clear();
        return { login: account.login };
      }),
    'github:signOut': () =>
      engine(async () => {
        const signedOut = await logout(context());
        reads.clear();
        return { signedOut };
      }),
  };
}

/** The upstream registry read through the API, and the review planned on its head. */
function readingHandlers({ options, reads, reviews }: Shared): Pick<Handlers, ReadingChannel> {
  return {
    'github:openRegistry': (upstream) =>
      engine(async () => {
        const at = await reads.at(upstream, { fresh: true });
        return {
          upstream: `${at.repo.owner}/${at.repo.repo}`,
          defaultBranch: at.head.defaultBranch,
          commit: at.head.commit,
          url: at.url,
          chains: await reads.chains(at),
        };
      }),
    'github:chainEntries': (upstream, chain) =>
      engine(async () => {
        const doc = await reads.list(await reads.at(upstream), chain);
        return chainEntries(doc.entries);
      }),
    'github:checkEntry': (upstream, chain, entry, { originalId }) =>
      engine(async () => {
        const doc = await reads.list(await reads.at(upstream), chain).catch(() => null);
        return entryFindings(chain, entry, doc?.entries, originalId);
      }),
    'github:existingLogo': (upstream, chain, id) =>
      engine(async () => existingLogoOf(await reads.logo(await reads.at(upstream), chain, id), chain, id)),
    'github:plan': (upstream, op) =>
      engine(async (): Promise<RemotePlanView> => {
        const operation = await options.engineOperation(op);
        const at = await reads.at(upstream);
        const plan: PlannedChange = await planChange(remoteSource(at.tree), operation);
        const review: RemoteReview = {
          upstream: at.repo,
          base: at.head,
          plan,
          title: pullRequestTitle(plan),
          branch: branchName(plan),
          ruleProblems: pullRequestRuleProblems(plan.files.map((f) => f.path)),
        };
        const planId = reviews.hold(review);
        const name = `${at.repo.owner}/${at.repo.repo}`;
        return {
          // The same review as a folder's, each file located in the repository instead of on disk.
          ...planView(planId, plan, (path) => `${name}/${path}`),
          upstream: name,
          base: at.head.commit,
          title: review.title,
          branch: review.branch,
          ruleProblems: [...review.ruleProblems],
        };
      }),
  };
}

/** The pull request: opened without a clone or pushed from one, and its status. */
function submittingHandlers({ ctx, options, context, reviews }: Shared): Pick<Handlers, SubmittingChannel> {
  return {
    'github:openPullRequest': ({ upstream, operation: op, planId, submissionId }) =>
      engine(async (): Promise<PullRequestOpened> => {
        const repo = repoOf(upstream);
        const session = await signedIn(context());
        const operation = await options.engineOperation(op);
        // The review the user saw, when it is still held and about the same repository.
        const held = planId ? reviews.get(planId) : undefined;
        const reviewed =
          held &&
          held.upstream.owner.toLowerCase() === repo.owner.toLowerCase() &&
          held.upstream.repo.toLowerCase() === repo.repo.toLowerCase()
            ? held
            : undefined;
        const result = await submitRemoteChange({ operation, upstream }, context(), {
          session,
          ...(reviewed ? { reviewed } : {}),
          onStep: (step) => ctx.emit('github:progress', { submissionId, step }),
        });
        return {
          upstream: `${repo.owner}/${repo.repo}`,
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
    'github:pushLocal': ({ root, operationId, branch, title, upstream, submissionId }) =>
      engine(async (): Promise<LocalPullRequestOpened> => {
        const result = await pushLocalChange(
          {
            root: normaliseFolderInput(root),
            operationId,
            ...(branch ? { branch } : {}),
            ...(title ? { title } : {}),
            ...(upstream ? { upstream } : {}),
          },
          context(),
          {
            ...(options.historyDir ? { historyDir: options.historyDir } : {}),
            ...(options.askpass ? { askpass: options.askpass } : {}),
            ...(options.forkWaitMs !== undefined ? { forkWaitMs: options.forkWaitMs } : {}),
            ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
            onStep: (step) => ctx.emit('github:progress', { submissionId, step }),
          },
        );
        return { ...result, files: [...result.files], notes: [...result.notes] };
      }),
    'github:pullRequest': (upstream, number) =>
      engine(async () => {
        const { client } = await readingClient(context());
        return pullRequestStatus(client, repoOf(upstream), number);
      }),
  };
}
