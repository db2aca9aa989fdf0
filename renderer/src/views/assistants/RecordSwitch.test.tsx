// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordSwitch } from './RecordSwitch';
import { aClient, anEntry } from './testing/clients';

afterEach(cleanup);

const toggle = () => screen.getByRole<HTMLInputElement>('switch', { name: 'Record sessions' });

describe('RecordSwitch', () => {
  it('shows nothing for a client without our entry', () => {
    const { container } = render(<RecordSwitch client={aClient()} busy={undefined} onChange={vi.fn()} />);
    expect(container.textContent).toBe('');
  });

  it("reflects the entry's --record and asks for the other state", async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RecordSwitch client={aClient({ state: 'configured', entry: anEntry() })} busy={undefined} onChange={onChange} />,
    );
    expect(toggle().checked).toBe(false);
    await userEvent.setup().click(toggle());
    expect(onChange).toHaveBeenCalledWith(true);
    rerender(
      <RecordSwitch client={aClient({ state: 'configured', entry: anEntry({ recording: true }) })} busy={undefined} onChange={onChange} />,
    );
    expect(toggle().checked).toBe(true);
    await userEvent.setup().click(toggle());
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('shows the state asked for while main writes it, and is disabled while an action runs', () => {
    const { rerender } = render(
      <RecordSwitch client={aClient({ state: 'configured', entry: anEntry() })} busy="record" pending={true} onChange={vi.fn()} />,
    );
    expect(toggle().checked).toBe(true);
    expect(screen.getByText('Saving…')).toBeTruthy();
    expect(screen.getByText(/secrets redacted/)).toBeTruthy();
    rerender(<RecordSwitch client={aClient({ state: 'configured', entry: anEntry() })} busy="install" onChange={vi.fn()} />);
    expect(toggle().disabled).toBe(true);
    expect(screen.queryByText(/secrets redacted/)).toBeNull();
  });
});
