// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientHeader } from './ClientHeader';
import { aClient, anEntry } from './testing/clients';

afterEach(cleanup);

describe('ClientHeader', () => {
  it('names the client, its kind and its config file (the full path on hover)', () => {
    render(<ClientHeader client={aClient()} titleId="t" />);
    expect(screen.getByRole('heading', { name: 'Cursor' }).id).toBe('t');
    expect(screen.getByText('Editor')).toBeDefined();
    expect(screen.getByText('~/.cursor/mcp.json').getAttribute('title')).toBe('/home/op/.cursor/mcp.json');
    expect(screen.getByText('Not connected')).toBeDefined();
  });

  it.each([
    [aClient({ state: 'configured', entry: anEntry() }), 'Configured'],
    [aClient({ state: 'configured', entry: anEntry(), handshake: { at: 1_767_225_600_000, toolCount: 13 } }), 'Connected'],
    [aClient({ state: 'stale', entry: anEntry({ missing: ['/old/node'] }) }), 'Needs repair'],
    [aClient({ state: 'not-installed' }), 'Not installed'],
    [aClient({ problem: 'Line 3: expected a comma.' }), 'Config error'],
  ] as const)('shows the state badge %#', (client, badge) => {
    render(<ClientHeader client={client} titleId="t" />);
    expect(screen.getByText(badge)).toBeDefined();
  });

  it('says which profile the entry uses', () => {
    render(<ClientHeader client={aClient({ state: 'configured', entry: anEntry({ profile: 'work' }) })} titleId="t" />);
    expect(screen.getByText('profile work')).toBeDefined();
  });
});
