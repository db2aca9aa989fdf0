// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CopyButton', () => {
  it('copies its text, says so, and names the thing for screen readers', async () => {
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<CopyButton text="bnb1example" what="the address" />);
    const button = screen.getByRole('button', { name: 'Copy the address' });
    await user.click(button);
    expect(write).toHaveBeenCalledWith('bnb1example');
    expect(await screen.findByText('Copied')).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard.');
  });

  it('tells the user to copy by hand when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<CopyButton text="0xabc" what="the address" />);
    await user.click(screen.getByRole('button', { name: 'Copy the address' }));
    expect(await screen.findByText(/select the text and copy it/)).toBeDefined();
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
