// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogoFix } from '../../../../../../domain/ipc/registry-channels';
import { LogoBeforeAfter, type LogoBeforeAfterProps } from './LogoBeforeAfter';
import { aRow, anInspection, CENTRED } from './testing/logo-fixtures';

afterEach(cleanup);

const fixed: LogoFix = {
  png: 'data:image/png;base64,AA==',
  bytes: 41_000,
  size: 256,
  before: [],
  after: [],
  notes: ['Resized to 256×256 px.'],
  previews: { light: 'data:image/png;base64,AA==', dark: 'data:image/png;base64,AA==', size: 96 },
};

const props = (over: Partial<LogoBeforeAfterProps> = {}): LogoBeforeAfterProps => ({
  inspection: anInspection(),
  rows: [aRow('png', 'fail'), aRow('square', 'pass')],
  facts: 'aurora.jpg · JPEG',
  compliant: false,
  settings: { fit: 'cover', crop: CENTRED },
  crop: CENTRED,
  result: fixed,
  busy: false,
  error: undefined,
  onFix: vi.fn(),
  onUseOriginal: vi.fn(),
  ...over,
});

describe('LogoBeforeAfter', () => {
  it('shows the fixed copy with its facts and notes, and which rules the original broke', () => {
    render(<LogoBeforeAfter {...props()} />);
    expect(screen.getByAltText('The fixed logo that will be saved as logo.png')).toBeTruthy();
    expect(screen.getByText(/logo\.png · PNG · 256×256 px/)).toBeTruthy();
    expect(screen.getByText('Resized to 256×256 px.')).toBeTruthy();
    expect(screen.getByText('Broke 1 of 2 rules:')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use my original image instead' })).toBeNull();
  });

  it('switches between cropping and padding, keeping the crop when going back to it', async () => {
    const p = props();
    const { rerender } = render(<LogoBeforeAfter {...p} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Keep the whole image and pad it with transparent edges'));
    expect(p.onFix).toHaveBeenLastCalledWith({ fit: 'contain' });
    rerender(<LogoBeforeAfter {...p} settings={{ fit: 'contain' }} />);
    await user.click(screen.getByLabelText(/^Crop to a square/));
    expect(p.onFix).toHaveBeenLastCalledWith({ fit: 'cover', crop: CENTRED });
  });

  it('says the fix is on its way or why it failed, and offers the original when it already met the rules', async () => {
    const p = props({ busy: true, error: 'The image could not be fixed.', compliant: true });
    render(<LogoBeforeAfter {...p} />);
    expect(screen.getByText('Fixing…')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The image could not be fixed.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use my original image instead' }));
    expect(p.onUseOriginal).toHaveBeenCalledOnce();
  });
});
