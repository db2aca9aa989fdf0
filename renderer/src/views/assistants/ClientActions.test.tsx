// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientActions, type ClientActionsProps } from './ClientActions';
import { aClient, anEntry } from './testing/clients';

afterEach(cleanup);

const props = (change: Partial<ClientActionsProps> = {}): ClientActionsProps => ({
  client: aClient(),
  profile: 'default',
  busy: undefined,
  onInstall: vi.fn(),
  onTest: vi.fn(),
  onRemove: vi.fn(),
  ...change,
});

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('ClientActions', () => {
  it('offers Install on a client without our entry; Test and Remove wait for one', async () => {
    const p = props();
    render(<ClientActions {...p} />);
    expect(button('Test Cursor').disabled).toBe(true);
    expect(button('Remove from Cursor').disabled).toBe(true);
    await userEvent.setup().click(button('Install for Cursor'));
    expect(p.onInstall).toHaveBeenCalledOnce();
  });

  it('hides Install when the entry is current for the chosen profile, and offers a switch for another', () => {
    const client = aClient({ state: 'configured', entry: anEntry() });
    const { rerender } = render(<ClientActions {...props({ client })} />);
    expect(screen.queryByRole('button', { name: /Install|Update|Switch/ })).toBeNull();
    rerender(<ClientActions {...props({ client, profile: 'work' })} />);
    expect(button('Switch to work for Cursor').textContent).toBe('Switch to work');
  });

  it('says what is running and disables every button meanwhile', async () => {
    const p = props({ client: aClient({ state: 'configured', entry: anEntry({ upToDate: false }) }), busy: 'test' });
    render(<ClientActions {...p} />);
    expect(button('Test Cursor').textContent).toBe('Testing…');
    expect(screen.getAllByRole<HTMLButtonElement>('button').every((b) => b.disabled)).toBe(true);
    await userEvent.setup().click(button('Remove from Cursor'));
    expect(p.onRemove).not.toHaveBeenCalled();
  });

  it('keeps Install off while the config does not parse', () => {
    render(<ClientActions {...props({ client: aClient({ problem: 'Line 3: expected a comma.' }) })} />);
    expect(button('Install for Cursor').disabled).toBe(true);
  });
});
