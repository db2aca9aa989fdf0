// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError } from '../../../../../domain/ipc/facade';
import { initialUi, useWizardStore } from '../wizard-store';
import { ReadFailure } from './SourceChoice';

beforeEach(() => {
  useWizardStore.setState(initialUi(), true);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReadFailure', () => {
  it('offline, says so in one sentence and switches to the copy on this computer', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(<ReadFailure error={new CompanionError('network', 'GitHub cannot be reached (127.0.0.1:9: ECONNREFUSED).')} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('GitHub cannot be reached from this computer right now');
    expect(screen.getByRole('alert').textContent).not.toContain('ECONNREFUSED');
    await user.click(screen.getByRole('button', { name: 'Use a copy of the registry on this computer' }));
    expect(useWizardStore.getState().draft.source).toBe('folder');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('shows any other cause as main said it, without the offline way out', () => {
    render(
      <ReadFailure error={new CompanionError('not-found', 'The repository nobody/nothing does not exist.')} onRetry={() => undefined} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The repository nobody/nothing does not exist.');
    expect(screen.queryByRole('button', { name: 'Use a copy of the registry on this computer' })).toBeNull();
  });
});
