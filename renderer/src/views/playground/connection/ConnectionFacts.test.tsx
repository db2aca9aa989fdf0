// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionInfo } from '../../../../../domain/ipc/playground-channels';
import { ConnectionFacts, ConnectionState } from './ConnectionFacts';

afterEach(cleanup);

const connection: ConnectionInfo = {
  profile: 'default',
  url: 'http://127.0.0.1:4010/mcp',
  serverName: 'reference-gateway',
  serverTitle: 'Reference gateway',
  serverVersion: '1.2.3',
  protocolVersion: '2025-06-18',
  connectMs: 1500,
  latencyMs: 4,
  connectedAt: 1_700_000_000_000,
  tools: [],
};

describe('ConnectionState', () => {
  it.each([
    ['connected', 'Connected'],
    ['connecting', 'Starting the bridge…'],
    ['idle', 'Not connected'],
  ] as const)('says %s as “%s”', (status, text) => {
    render(<ConnectionState status={status} />);
    expect(screen.getByRole('status').textContent).toBe(text);
  });
});

describe('ConnectionFacts', () => {
  it('lists the server, protocol, timings and endpoint', () => {
    render(<ConnectionFacts connection={connection} pinging={false} onPing={() => undefined} />);
    const facts = screen.getByLabelText('Connection details');
    expect(facts.textContent).toContain('reference-gateway');
    expect(facts.textContent).toContain('1.2.3');
    expect(facts.textContent).toContain('2025-06-18');
    expect(facts.textContent).toContain('http://127.0.0.1:4010/mcp');
    expect(screen.getByText('reference-gateway').getAttribute('title')).toBe('Reference gateway');
  });

  it('measures latency again on ping, and not while a ping is under way', async () => {
    const user = userEvent.setup();
    const onPing = vi.fn();
    const { rerender } = render(<ConnectionFacts connection={connection} pinging={false} onPing={onPing} />);
    await user.click(screen.getByRole('button', { name: 'Measure latency again' }));
    expect(onPing).toHaveBeenCalledOnce();
    rerender(<ConnectionFacts connection={connection} pinging onPing={onPing} />);
    const button = screen.getByRole('button', { name: 'Measure latency again' });
    expect(button.textContent).toBe('pinging…');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
