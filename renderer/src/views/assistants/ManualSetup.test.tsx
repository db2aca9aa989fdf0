// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import { ApiContext } from '../../app/api-context';
import { createQueryClient } from '../../app/query-client';
import { ManualSetup, ManualSetupBody } from './ManualSetup';
import { aClient } from './testing/clients';

afterEach(cleanup);

const SETUP = { file: '~/.cursor/mcp.json', language: 'json' as const, snippet: '{ "mcpServers": {} }', command: 'cursor --add-mcp x' };

describe('ManualSetupBody', () => {
  it('shows the snippet and the command, each with its own Copy button', () => {
    render(<ManualSetupBody clientName="Cursor" data={SETUP} />);
    expect(screen.getByLabelText('Cursor config snippet').textContent).toBe(SETUP.snippet);
    expect(screen.getByRole('button', { name: 'Copy the Cursor command' })).toBeDefined();
  });

  it('shows main’s error, or that it is loading', () => {
    const { rerender } = render(<ManualSetupBody clientName="Cursor" error="No such profile." />);
    expect(screen.getByText('No such profile.').className).toContain('error');
    rerender(<ManualSetupBody clientName="Cursor" />);
    expect(screen.getByText('Loading…')).toBeDefined();
  });
});

describe('ManualSetup', () => {
  it('asks main only once opened, for the chosen profile', async () => {
    const manualSetup = vi.fn(async () => SETUP);
    const api = { assistants: { manualSetup } } as unknown as CompanionApi;
    render(
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={createQueryClient()}>
          <ManualSetup client={aClient()} profile="work" />
        </QueryClientProvider>
      </ApiContext.Provider>,
    );
    expect(manualSetup).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByText('Manual setup'));
    expect(await screen.findByLabelText('Cursor config snippet')).toBeDefined();
    expect(manualSetup).toHaveBeenCalledWith('cursor', 'work');
  });
});
