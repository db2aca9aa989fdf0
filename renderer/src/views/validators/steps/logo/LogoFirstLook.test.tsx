// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogoFirstLook, type LogoFirstLookProps } from './LogoFirstLook';
import { aRow as row, anInspection, CENTRED } from './testing/logo-fixtures';

afterEach(cleanup);

const props = (over: Partial<LogoFirstLookProps> = {}): LogoFirstLookProps => ({
  inspection: anInspection(),
  rows: [row('png', 'fail'), row('square', 'fail')],
  facts: 'aurora.jpg · JPEG · 800×600 px · 234 kB',
  compliant: false,
  notes: [],
  defaultCrop: CENTRED,
  onFix: vi.fn(),
  ...over,
});

describe('LogoFirstLook', () => {
  it('offers to fix an image that breaks the rules, starting from the centred square', async () => {
    const p = props();
    render(<LogoFirstLook {...p} />);
    expect(screen.getByText(/does not meet the registry’s rules yet/)).toBeTruthy();
    expect(screen.getByText('aurora.jpg · JPEG · 800×600 px · 234 kB')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fix logo' }));
    expect(p.onFix).toHaveBeenCalledWith({ fit: 'cover', crop: CENTRED });
  });

  it('says a compliant image is saved as it is, and still offers a fix without a crop', async () => {
    const p = props({ compliant: true, rows: [row('png', 'pass')], notes: [{ code: 'logo-large', message: 'Large but allowed.' }] });
    render(<LogoFirstLook {...p} />);
    expect(screen.getByText(/meets every rule and will be saved as it is/)).toBeTruthy();
    expect(screen.getByText('Large but allowed.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fix logo' }));
    expect(p.onFix).toHaveBeenCalledWith({ fit: 'cover' });
  });
});
