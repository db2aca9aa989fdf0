// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanionApi } from '../../../domain/ipc/facade';
import { ApiContext } from './api-context';
import { createQueryClient } from './query-client';
import { StatusArea, StatusLine } from './StatusArea';

afterEach(cleanup);

describe('StatusLine', () => {
  it('names the host and says whether the services answer', () => {
    const { rerender } = render(<StatusLine host="browser" health={{ state: 'checking' }} />);
    expect(screen.getByRole('status').textContent).toBe('Browser modeConnecting to services…');
    rerender(<StatusLine host="electron" health={{ state: 'ok', ms: 4 }} />);
    expect(screen.getByRole('status').textContent).toBe('Desktop appServices ready · 4 ms');
    rerender(<StatusLine host={undefined} health={{ state: 'down', message: 'connection refused' }} />);
    expect(screen.getByText('Services unreachable').getAttribute('title')).toBe('connection refused');
  });
});

describe('StatusArea', () => {
  it('asks main and shows its answer, or why it could not', async () => {
    const ping = vi.fn(async () => ({ echo: 'status', at: 0 }));
    const api = { app: { ping } } as unknown as CompanionApi;
    render(
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={createQueryClient()}>
          <StatusArea host="browser" />
        </QueryClientProvider>
      </ApiContext.Provider>,
    );
    await screen.findByText(/Services ready · \d+ ms/);
    expect(ping).toHaveBeenCalledWith('status');
    cleanup();
    ping.mockRejectedValueOnce(new Error('The app’s services are not reachable.'));
    render(
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={createQueryClient()}>
          <StatusArea host="browser" />
        </QueryClientProvider>
      </ApiContext.Provider>,
    );
    expect((await screen.findByText('Services unreachable')).getAttribute('title')).toBe('The app’s services are not reachable.');
  });
});
