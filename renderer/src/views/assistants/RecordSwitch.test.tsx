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

  it('is disabled while an action on the client runs', () => {
    render(<RecordSwitch client={aClient({ state: 'configured', entry: anEntry() })} busy="install" onChange={vi.fn()} />);
    expect(toggle().disabled).toBe(true);
    expect(screen.getByText(/secrets redacted/)).toBeTruthy();
  });
});
