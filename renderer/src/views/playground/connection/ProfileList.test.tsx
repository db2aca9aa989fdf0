// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CredentialState, ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { ProfileList } from './ProfileList';

afterEach(cleanup);

const profile = (name: string, credentials: Partial<CredentialState>, kind: ProfileSummary['kind'] = 'remote'): ProfileSummary => ({
  name,
  kind,
  url: `https://${name}.example/mcp`,
  credentials: { stored: false, source: 'none', ...credentials },
});

describe('ProfileList', () => {
  it('shows each profile’s credential state as main describes it', () => {
    const profiles = [
      profile('default', { stored: true, source: 'managed' }, 'embedded'),
      profile('work', { stored: true, source: 'keychain' }),
      profile('moved', { stored: true, source: 'keychain', reenter: true }),
      profile('broken', { problem: 'The keychain is locked.' }),
      profile('empty', {}),
    ];
    render(<ProfileList profiles={profiles} editing="work" onEdit={vi.fn()} />);
    const badge = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) }).querySelector('.badge')?.textContent;
    expect(badge('default')).toBe('Demo account');
    expect(badge('work')).toBe('Credentials stored');
    expect(badge('moved')).toBe('Enter the secret again');
    expect(badge('broken')).toBe('Keychain problem');
    expect(badge('empty')).toBe('No credentials');
    expect(screen.getByRole('button', { name: /^default/ }).textContent).toContain('Reference gateway, on this computer');
  });

  it('marks the profile being edited and hands back the one picked, or the new-profile entry', async () => {
    const onEdit = vi.fn();
    render(<ProfileList profiles={[profile('work', {})]} editing="work" onEdit={onEdit} />);
    expect(screen.getByRole('button', { name: /^work/ }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.setup().click(screen.getByRole('button', { name: '+ New profile' }));
    expect(onEdit).toHaveBeenCalledWith('new');
  });
});
