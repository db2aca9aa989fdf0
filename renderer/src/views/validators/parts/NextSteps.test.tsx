// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CloneRemote } from '../../../../../domain/ipc/registry-channels';
import { NextSteps } from './NextSteps';

afterEach(cleanup);

const origin: CloneRemote = { name: 'origin', repository: 'trustwallet/assets', upstream: true };
const fork: CloneRemote = { name: 'fork', repository: 'octo-operator/assets', upstream: false };
const steps = (remotes: CloneRemote[] | undefined, pushHere = true) =>
  render(
    <NextSteps branch="add-aurora-cosmos" title="Add Aurora validator to Cosmos Hub" committed pushHere={pushHere} remotes={remotes} />,
  );
const text = () => screen.getByRole('region', { name: 'Next steps' }).textContent ?? '';

describe('NextSteps: the push hint in a clone', () => {
  it('never names a remote that points at the registry; says what the app’s push does instead', () => {
    steps([origin]);
    expect(text()).not.toMatch(/git push -u origin/);
    expect(text()).toContain('This clone has no remote for your fork: “origin” points at the registry itself');
    expect(text()).toContain('adds it as the remote “fork” and pushes there; after that git push -u fork add-aurora-cosmos works');
  });

  it('names the fork remote when it points at a fork', () => {
    steps([origin, fork]);
    expect(text()).toContain('git push -u fork add-aurora-cosmos (the remote “fork” is your fork octo-operator/assets)');
    expect(text()).not.toContain('no remote for your fork');
  });

  it('a remote called fork that points at the registry is not a fork', () => {
    steps([{ ...fork, repository: 'trustwallet/assets', upstream: true }]);
    expect(text()).not.toMatch(/git push -u fork add-aurora-cosmos \(/);
    expect(text()).toContain('“fork” points at the registry itself');
  });

  it('says nothing about git while the remotes are read, and offers the GitHub path for a folder that is not a clone', () => {
    steps(undefined);
    expect(text()).not.toContain('git push');
    cleanup();
    steps(undefined, false);
    expect(text()).toContain('Press “Open the pull request through GitHub” below');
    expect(text()).not.toContain('git push');
  });
});
