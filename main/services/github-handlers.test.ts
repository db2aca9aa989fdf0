// The GitHub channels through the real dispatcher (contract validation included), against the fake GitHub.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../../github/testing/fake-github';
import { memoryKeychain } from '../../github/testing/memory-keychain';
import { TokenStore } from '../../github/index';
import { solidPng } from '../../registry/image-fixtures';
import { newValoperId, removeDir, tempDir } from '../../registry/test-support';
import { createDispatcher, type Dispatch, type Handlers } from './dispatch';
import { githubHandlers } from './github-handlers';
import type { HostContext } from './host-context';
import { createRegistryServices } from './registry-handlers';

let fake: FakeGitHub;
let stateDir: string;
let call: (channel: string, ...args: unknown[]) => Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>;

const context: HostContext = {
  host: 'browser',
  openLink: async () => false,
  emit: () => undefined,
  log: () => undefined,
};

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  stateDir = await tempDir('github-handlers-');
  const env = fake.env({ COMPANION_GITHUB_CLIENT_ID: fake.clientId });
  const registry = createRegistryServices(context, { stateDir });
  const dispatch: Dispatch = createDispatcher({
    ...registry.handlers,
    ...githubHandlers({ env, store: new TokenStore(memoryKeychain(), env), toEngineOperation: registry.toEngineOperation }),
  } as Handlers);
  call = async (channel, ...args) => await dispatch(channel, args);
});

afterEach(async () => {
  await fake.stop();
  await removeDir(stateDir);
  expect(fake.violations).toEqual([]);
});

describe('github channels', () => {
  it('signs in with a pasted token, refusing a fine-grained one in plain words', async () => {
    expect((await call('github:status')).value).toMatchObject({
      signedIn: false,
      tokenPageUrl: `${fake.webUrl}/settings/tokens/new?scopes=public_repo&description=Gateway%20Companion`,
      deviceFlowAvailable: true,
    });
    const fine = await call('github:loginWithToken', fake.addToken({ login: 'octo-operator', id: 4242 }, 'github_pat_'));
    expect(fine).toMatchObject({ ok: false, error: { code: 'fine-grained-token' } });
    const token = fake.addToken({ login: 'octo-operator', id: 4242 });
    expect(await call('github:loginWithToken', token)).toEqual({ ok: true, value: { login: 'octo-operator', scopes: ['public_repo'] } });
    const status = await call('github:status');
    expect(status.value).toMatchObject({ signedIn: true, login: 'octo-operator', source: 'keychain' });
    expect(JSON.stringify(status)).not.toContain(token);
    expect(await call('github:logout')).toEqual({ ok: true, value: { removed: true } });
  });

  it('runs the device flow in main: the code first, then the state until done', async () => {
    fake.deviceApproveAfterPolls = 2;
    const started = await call('github:startDeviceFlow');
    expect(started.value).toMatchObject({ userCode: 'WDJB-MJHT', verificationUri: `${fake.webUrl}/login/device` });
    const { flowId } = started.value as { flowId: string };
    let state: unknown;
    for (let i = 0; i < 50; i++) {
      state = (await call('github:deviceFlowState', flowId)).value;
      if ((state as { state: string }).state !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(state).toEqual({ state: 'done', account: { login: 'octo-operator', scopes: ['public_repo'] } });
  });

  it('reviews a wizard operation on the upstream head and opens the pull request once', async () => {
    await call('github:loginWithToken', fake.addToken({ login: 'octo-operator', id: 4242 }));
    const png = (await solidPng(256)).toString('base64');
    await call('registry:uploadLogoPart', 'upload-0001', 0, png);
    const logo = (await call('registry:inspectLogo', 'upload-0001', 1, 'logo.png')).value as { logoId: string };
    const id = await newValoperId('cosmosvaloper', 9);
    const op = {
      kind: 'add',
      chain: 'cosmos',
      entry: { id, name: 'Wizard Stake', description: 'From the wizard.', website: 'https://wizard.example' },
      logo: { logoId: logo.logoId },
    };
    expect(await call('github:review', op, 'not a repo')).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    const review = await call('github:review', op);
    expect(review.ok).toBe(true);
    const view = review.value as {
      plan: { planId: string; files: { path: string; absolutePath: string }[] };
      title: string;
      ruleProblems: string[];
    };
    expect(view.title).toBe('Add Wizard Stake validator to Cosmos Hub');
    expect(view.ruleProblems).toEqual([]);
    expect(view.plan.files.map((f) => f.absolutePath)).toEqual(
      view.plan.files.map((f): unknown => expect.stringMatching(new RegExp(`^trustwallet/assets@[0-9a-f]{7}:${f.path}$`))),
    );
    const submitted = await call('github:submit', view.plan.planId);
    expect(submitted).toMatchObject({
      ok: true,
      value: { number: 1, url: `${fake.webUrl}/trustwallet/assets/pull/1`, reusedPullRequest: false },
    });
    expect(await call('github:submit', view.plan.planId)).toMatchObject({
      ok: true,
      value: { number: 1, reusedCommit: true, reusedPullRequest: true },
    });
    expect(fake.pulls).toHaveLength(1);
    expect(await call('github:submit', 'unknown-plan')).toMatchObject({ ok: false, error: { code: 'plan_expired' } });
  });
});
