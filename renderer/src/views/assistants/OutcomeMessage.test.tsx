// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Outcome } from './assistants-mutations';
import { OutcomeMessage } from './OutcomeMessage';

afterEach(cleanup);

const show = (outcome: Outcome, slot: 'change' | 'test' = 'change') => {
  const onDismiss = vi.fn();
  render(<OutcomeMessage clientName="Cursor" outcome={outcome} slot={slot} onDismiss={onDismiss} />);
  return onDismiss;
};

describe('OutcomeMessage', () => {
  it('says where it installed, what to do next and where the old file went; × dismisses it', async () => {
    const onDismiss = show({
      kind: 'installed',
      file: '~/.cursor/mcp.json',
      backup: '~/.config/gateway-companion/backups/mcp.json.1',
      restartHint: 'Restart Cursor to load it.',
      needsRestart: true,
    });
    const message = screen.getByRole('status');
    expect(message.textContent).toContain('Installed in ~/.cursor/mcp.json.');
    expect(screen.getByText('Restart Cursor to load it.').className).toBe('restart-hint strong');
    expect(message.textContent).toContain('Previous file saved as ~/.config/gateway-companion/backups/mcp.json.1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss the message for Cursor' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('says when a removal deleted the file, and when nothing changed', () => {
    show({ kind: 'removed', file: '~/.cursor/mcp.json', deleted: true, restartHint: '', needsRestart: false });
    expect(screen.getByRole('status').textContent).toContain('only held this entry, so it was deleted');
    cleanup();
    show({ kind: 'unchanged', file: '~/.cursor/mcp.json', restartHint: 'Restart Cursor.', needsRestart: true });
    expect(screen.getByRole('status').textContent).toBe('Already up to date; nothing changed. ×');
  });

  it('alerts a failed action in plain words', () => {
    show({ kind: 'failed', action: 'remove', message: 'The file changed on disk; refresh first.' });
    expect(screen.getByRole('alert').textContent).toContain('Not removed. The file changed on disk; refresh first.');
  });

  it('shows a passed test with the tools, and a failed one with its fix and the bridge output', () => {
    show({ kind: 'tested', result: { ok: true, toolCount: 2, latencyMs: 120, tools: ['search_assets', 'get_token_prices'] } }, 'test');
    expect(screen.getByRole('status').textContent).toContain('Connected. 2 tools in');
    expect(screen.getByText('search_assets')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Dismiss the test result for Cursor' })).toBeDefined();
    cleanup();
    show({ kind: 'tested', result: { ok: false, error: 'The bridge exited.', fix: 'Build the CLI.', stderr: 'boom' } }, 'test');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Test failed. The bridge exited.');
    expect(alert.textContent).toContain('How to fix it: Build the CLI.');
    expect(screen.getByText('boom').tagName).toBe('PRE');
  });
});
