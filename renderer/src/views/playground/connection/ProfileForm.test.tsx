// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { ProfileForm, type ProfileFormProps } from './ProfileForm';

afterEach(cleanup);

const work: ProfileSummary = {
  name: 'work',
  kind: 'remote',
  url: 'https://gw.example/mcp',
  timeoutSeconds: 30,
  credentials: { stored: false, source: 'none' },
};
const props = (over: Partial<ProfileFormProps> = {}): ProfileFormProps => ({
  editing: undefined,
  busy: false,
  error: undefined,
  onSubmit: vi.fn(),
  ...over,
});

describe('ProfileForm', () => {
  it('sends a new profile trimmed, leaving out what was left empty', async () => {
    const p = props();
    render(<ProfileForm {...p} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), ' staging ');
    await user.clear(screen.getByLabelText('Gateway URL'));
    await user.type(screen.getByLabelText('Gateway URL'), 'https://staging.example/mcp ');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    expect(p.onSubmit).toHaveBeenCalledWith({ name: 'staging', url: 'https://staging.example/mcp' });
  });

  it('refuses a timeout out of range before sending anything', async () => {
    const p = props({ editing: work });
    render(<ProfileForm {...p} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Timeout in seconds (optional)'));
    await user.type(screen.getByLabelText('Timeout in seconds (optional)'), '7200');
    // Submitted as the form, past the input's own range check (which a browser may skip).
    fireEvent.submit(screen.getByRole('form', { name: 'Edit profile work' }));
    expect(p.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/from 1 to 3600/);
  });

  it('edits a profile under its own name, shows main’s refusal and disables saving while busy', async () => {
    const p = props({ editing: work, error: 'The URL must use HTTPS.' });
    const { rerender } = render(<ProfileForm {...p} />);
    expect(screen.getByLabelText<HTMLInputElement>('Name').readOnly).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('The URL must use HTTPS.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save profile' }));
    expect(p.onSubmit).toHaveBeenCalledWith({ name: 'work', url: 'https://gw.example/mcp', timeoutSeconds: 30 });
    rerender(<ProfileForm {...p} busy />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save profile' }).disabled).toBe(true);
  });
});
