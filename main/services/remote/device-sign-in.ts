/**
 * The device flow as calls the renderer can make: start (GitHub's code, to show with a copy button), ask
 * how it went, and cancel. The flow itself runs on in main, polling GitHub at the interval GitHub asks for,
 * until the code is entered, refused or expired, or the user cancels: that aborts it, so polling stops at
 * once and nothing is stored. One flow at a time: starting again cancels the last.
 */
import { randomUUID } from 'node:crypto';
import type { DeviceSignIn, DeviceSignInState } from '../../../domain/ipc/github-channels';
import { GitHubError, loginWithDeviceFlow, type DeviceVerification, type GitHubContext } from '../../../github/index';

interface Flow {
  readonly id: string;
  state: DeviceSignInState;
  readonly abort: AbortController;
}

export class DeviceSignIns {
  private current: Flow | undefined;

  constructor(
    private readonly context: () => GitHubContext,
    private readonly onSignedIn: () => void,
  ) {}

  /** Starts a flow and resolves with the code once GitHub has issued it (or rejects, in plain words, when it cannot start). */
  async start(): Promise<DeviceSignIn> {
    this.cancel(this.current?.id ?? '');
    const flow: Flow = { id: randomUUID(), state: { state: 'pending' }, abort: new AbortController() };
    this.current = flow;
    let verified: (v: DeviceVerification) => void = () => undefined;
    const verification = new Promise<DeviceVerification>((resolve) => (verified = resolve));
    const done = loginWithDeviceFlow({ onVerification: (v) => verified(v), signal: flow.abort.signal }, this.context()).then(
      (account) => {
        if (flow.abort.signal.aborted) return;
        flow.state = { state: 'signed-in', login: account.login };
        this.onSignedIn();
      },
      (error: unknown) => {
        if (flow.abort.signal.aborted) return;
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
    flow.abort.abort();
    flow.state = { state: 'failed', message: 'Sign-in cancelled; nothing was stored.' };
    this.current = undefined;
    return true;
  }
}
