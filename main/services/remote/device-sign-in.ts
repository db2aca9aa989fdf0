/**
 * The device flow as two calls the renderer can make: start (GitHub's code, to show with a copy button)
 * and ask how it went. The flow itself runs on in main, polling GitHub at the interval GitHub asks for,
 * until the code is entered, refused or expired. One flow at a time: starting again abandons the last.
 */
import { randomUUID } from 'node:crypto';
import type { DeviceSignIn, DeviceSignInState } from '../../../domain/ipc/github-channels';
import { GitHubError, loginWithDeviceFlow, type DeviceVerification, type GitHubContext } from '../../../github/index';
import { TokenStore } from '../../../github/token-store';
import type { Keychain } from '../../../platform/credentials/keychain';

interface Flow {
  readonly id: string;
  state: DeviceSignInState;
  cancelled: boolean;
}

/** Stores the token unless the user stopped waiting for it in the app. */
class FlowTokenStore extends TokenStore {
  constructor(
    private readonly flow: Flow,
    keychain: Keychain | undefined,
    env: NodeJS.ProcessEnv,
  ) {
    super(keychain, env);
  }

  override async set(apiUrl: string, token: string, login: string): Promise<void> {
    if (this.flow.cancelled) throw new GitHubError('device-flow-failed', 'The sign-in was cancelled in the app.');
    await super.set(apiUrl, token, login);
  }
}

export class DeviceSignIns {
  private current: Flow | undefined;

  constructor(
    private readonly context: () => GitHubContext,
    private readonly keychain: Keychain | undefined,
    private readonly onSignedIn: () => void,
  ) {}

  /** Starts a flow and resolves with the code once GitHub has issued it (or rejects, in plain words, when it cannot start). */
  async start(): Promise<DeviceSignIn> {
    this.cancel(this.current?.id ?? '');
    const flow: Flow = { id: randomUUID(), state: { state: 'pending' }, cancelled: false };
    this.current = flow;
    const ctx = this.context();
    const store = new FlowTokenStore(flow, this.keychain, ctx.env);
    let verified: (v: DeviceVerification) => void = () => undefined;
    const verification = new Promise<DeviceVerification>((resolve) => (verified = resolve));
    const done = loginWithDeviceFlow({ onVerification: (v) => verified(v) }, { ...ctx, store }).then(
      (account) => {
        if (flow.cancelled) return;
        flow.state = { state: 'signed-in', login: account.login };
        this.onSignedIn();
      },
      (error: unknown) => {
        flow.state = { state: 'failed', message: error instanceof Error ? error.message : String(error) };
        throw error;
      },
    );
    // A failure before the code exists (no client id, GitHub unreachable) is the answer to start itself.
    const first = await Promise.race([verification, done.then(() => undefined)]);
    if (!first) throw new GitHubError('device-flow-failed', 'GitHub did not issue a sign-in code. Try again.');
    done.catch(() => undefined);
    return { flowId: flow.id, userCode: first.userCode, verificationUri: first.verificationUri, expiresInSeconds: first.expiresInSeconds };
  }

  state(flowId: string): DeviceSignInState {
    const flow = this.current?.id === flowId ? this.current : undefined;
    if (!flow) return { state: 'failed', message: 'This sign-in is no longer running. Start it again for a new code.' };
    return flow.state;
  }

  cancel(flowId: string): boolean {
    const flow = this.current;
    if (!flow || flow.id !== flowId || flow.state.state !== 'pending') return false;
    flow.cancelled = true;
    flow.state = { state: 'failed', message: 'The sign-in was cancelled.' };
    this.current = undefined;
    return true;
  }
}
