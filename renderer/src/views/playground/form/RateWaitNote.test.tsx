// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RateWaitNote } from './RateWaitNote';

afterEach(cleanup);

describe('RateWaitNote', () => {
  it('says how long the call waits for the rate limit, rounded up', () => {
    render(<RateWaitNote waitMs={1049} />);
    expect(screen.getByRole('status').textContent).toBe('Waiting for the rate limit (1.1 s)…');
  });

  it('says when the gateway refused the call for its rate and the bridge waits out its Retry-After', () => {
    render(<RateWaitNote waitMs={1000} reason="retry-after" />);
    expect(screen.getByRole('status').textContent).toBe(
      'The gateway refused it for its rate limit (HTTP 429): sending it once more in 1.0 s…',
    );
  });

  it('shows whole seconds for long waits', () => {
    render(<RateWaitNote waitMs={12_001} />);
    expect(screen.getByRole('status').textContent).toBe('Waiting for the rate limit (13 s)…');
  });
});
