// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CredentialState, ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { CredentialsForm, type CredentialsFormProps } from './CredentialsForm';

afterEach(cleanup);

const profile = (credentials: Partial<CredentialState> = {}): ProfileSummary => ({
  name: 'work',
  kind: 'remote',
  url: 'https://gw.example/mcp',
  credentials: { stored: false, source: 'none', ...credentials },
});
const props = (over: Partial<CredentialsFormProps> = {}): CredentialsFormProps => ({
  profile: profile(),
  busy: false,
  message: undefined,
  onSave: vi.fn(async () => undefined),
  onRemove: vi.fn(),
  ...over,
});
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('CredentialsForm', () => {
  it('asks for both values before sending anything', async () => {
    const p = props();
    render(<CredentialsForm {...p} />);
    const user = userEvent.setup();
    await user.type(input('Access id'), 'id-1');
    await user.click(screen.getByRole('button', { name: 'Save to keychain' }));
    expect(p.onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/Enter both/);
  });

  it('sends the two values and empties both inputs once stored, so the secret is not left on screen', async () => {
    const p = props();
    render(<CredentialsForm {...p} />);
    const user = userEvent.setup();
    await user.type(input('Access id'), 'id-1');
    await user.type(input('Secret key'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Save to keychain' }));
    expect(p.onSave).toHaveBeenCalledWith({ accessId: 'id-1', secretKey: 's3cret' });
    await vi.waitFor(() => expect(input('Secret key').value).toBe(''));
    expect(input('Access id').value).toBe('');
  });

  it('keeps what was typed when saving fails, to correct it', async () => {
    const p = props({ onSave: vi.fn(async () => Promise.reject(new Error('locked'))) });
    render(<CredentialsForm {...p} />);
    const user = userEvent.setup();
    await user.type(input('Access id'), 'id-1');
    await user.type(input('Secret key'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Save to keychain' }));
    await vi.waitFor(() => expect(p.onSave).toHaveBeenCalled());
    expect(input('Access id').value).toBe('id-1');
  });

  it('offers Replace and Remove for stored credentials and shows the last change’s message', async () => {
    const p = props({
      profile: profile({ stored: true, source: 'keychain' }),
      message: { kind: 'ok', text: 'Replaced in the OS keychain.' },
    });
    render(<CredentialsForm {...p} />);
    expect(screen.getByRole('status').textContent).toBe('Replaced in the OS keychain.');
    expect(screen.getByText('Stored in the OS keychain')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove credentials' }));
    expect(p.onRemove).toHaveBeenCalledOnce();
  });

  it('says when there is no keychain and the credentials are kept for this session only', () => {
    render(<CredentialsForm {...props({ profile: profile({ sessionOnly: 'No keychain could be reached.' }), busy: true })} />);
    expect(screen.getByText('No keychain could be reached.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save for this session' }).disabled).toBe(true);
  });
});
