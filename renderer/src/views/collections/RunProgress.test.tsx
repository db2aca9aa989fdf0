// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunProgress } from './RunProgress';

afterEach(cleanup);

describe('RunProgress', () => {
  it('shows how far the run is and on which item, and cancels', async () => {
    const onCancel = vi.fn();
    const { rerender } = render(<RunProgress done={1} total={4} current="quote" onCancel={onCancel} cancelling={false} />);
    expect(screen.getByText('1 of 4 items · quote')).toBeDefined();
    expect(screen.getByLabelText('Running').getAttribute('aria-valuetext')).toBe('25%');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    rerender(<RunProgress done={1} total={4} current="" onCancel={onCancel} cancelling />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancelling…' }).disabled).toBe(true);
  });

  it('names the era beside the item when the run covers both', () => {
    render(<RunProgress done={5} total={8} current="quote" era="2026-07-28" onCancel={() => {}} cancelling={false} />);
    expect(screen.getByText('5 of 8 items · quote (2026-07-28)')).toBeDefined();
  });
});
