// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUN_CHOICES } from './collections-ui-store';
import { RunOptions, type RunOptionsProps } from './RunOptions';

afterEach(cleanup);

function setup(props: Partial<RunOptionsProps> = {}) {
  const onChange = vi.fn();
  const onChooseFile = vi.fn();
  const all: RunOptionsProps = {
    choices: DEFAULT_RUN_CHOICES,
    profiles: ['lab', 'work'],
    itemProfiles: [],
    collectionVariables: [],
    environment: { state: 'none' },
    canChoose: true,
    disabled: false,
    onChange,
    onChooseFile,
    ...props,
  };
  const view = render(<RunOptions {...all} />);
  return {
    onChange,
    onChooseFile,
    user: userEvent.setup(),
    rerender: (more: Partial<RunOptionsProps>) => view.rerender(<RunOptions {...all} {...more} />),
  };
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const optionTexts = (name: string) => Array.from(select(name).options).map((o) => o.textContent);

describe('RunOptions', () => {
  it('offers the built-in gateway first and the profiles, as --profile, and names the profiles items keep', async () => {
    const { onChange, user } = setup({ itemProfiles: ['work'] });
    expect(optionTexts('Profile')).toEqual(['Built-in reference gateway (default)', 'lab', 'work']);
    expect(select('Profile').value).toBe('');
    expect(select('Profile').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Items that name their own keep it: work\./)).toBeDefined();
    await user.selectOptions(select('Profile'), 'lab');
    expect(onChange).toHaveBeenCalledWith({ profile: 'lab' });
  });

  it('keeps a chosen profile shown while the profiles load', () => {
    setup({ profiles: undefined, choices: { ...DEFAULT_RUN_CHOICES, profile: 'work' } });
    expect(optionTexts('Profile')).toEqual(['Built-in reference gateway (default)', 'work']);
    expect(select('Profile').value).toBe('work');
  });

  it('offers the three era choices, as --era', async () => {
    const { onChange, user } = setup();
    expect(optionTexts('Protocol era')).toEqual(['2025-11-25 (sessions)', '2026-07-28 (stateless)', 'Both eras, compared']);
    expect(select('Protocol era').value).toBe('2025-11-25');
    await user.selectOptions(select('Protocol era'), 'Both eras, compared');
    expect(onChange).toHaveBeenCalledWith({ era: 'both' });
  });

  it('takes a typed environment file on Enter or on leaving the field, not per keystroke', async () => {
    const { onChange, user } = setup();
    const field = screen.getByLabelText('Environment file');
    await user.type(field, '  ~/staging.json ');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith({ envFile: '~/staging.json' });
    onChange.mockClear();
    await user.clear(field);
    await user.type(field, '/tmp/prod.json');
    await user.tab();
    expect(onChange).toHaveBeenCalledWith({ envFile: '/tmp/prod.json' });
  });

  it('chooses a file with Choose…, clears it with Clear, and shows a file chosen elsewhere', async () => {
    const { onChange, onChooseFile, user, rerender } = setup();
    expect(screen.queryByRole('button', { name: 'Clear the environment file' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose an environment file' }));
    expect(onChooseFile).toHaveBeenCalledOnce();
    rerender({ choices: { ...DEFAULT_RUN_CHOICES, envFile: '/home/me/staging.json' }, environment: { state: 'checking' } });
    expect(screen.getByLabelText<HTMLInputElement>('Environment file').value).toBe('/home/me/staging.json');
    expect(screen.getByText('Reading the file…')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Clear the environment file' }));
    expect(onChange).toHaveBeenCalledWith({ envFile: '' });
  });

  it('says which variables the file supplies and which override the collection’s, or plainly why it cannot be used', () => {
    const { rerender } = setup({
      choices: { ...DEFAULT_RUN_CHOICES, envFile: '/e.json' },
      collectionVariables: ['wallet'],
      environment: { state: 'ok', file: '/e.json', variables: ['asset', 'wallet'] },
    });
    const field = screen.getByLabelText('Environment file');
    const status = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(status.textContent).toBe('Supplies asset, wallet (over the collection’s).');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    rerender({
      choices: { ...DEFAULT_RUN_CHOICES, envFile: '/e.json' },
      environment: { state: 'error', message: '/e.json: not valid JSON at line 1, column 11.' },
    });
    expect(status.textContent).toBe('/e.json: not valid JSON at line 1, column 11.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('is used from the keyboard alone, in order, and locked while a run goes', async () => {
    const { user, rerender } = setup({ choices: { ...DEFAULT_RUN_CHOICES, envFile: '/e.json' } });
    const order = [
      select('Profile'),
      select('Protocol era'),
      screen.getByLabelText('Environment file'),
      screen.getByRole('button', { name: 'Choose an environment file' }),
      screen.getByRole('button', { name: 'Clear the environment file' }),
    ];
    for (const control of order) {
      await user.tab();
      expect(document.activeElement).toBe(control);
    }
    rerender({ choices: { ...DEFAULT_RUN_CHOICES, envFile: '/e.json' }, disabled: true });
    // A disabled fieldset disables every control in it (the browser's rule; happy-dom does not apply it).
    expect(screen.getByRole('group', { name: 'Run options' }).hasAttribute('disabled')).toBe(true);
  });

  it('waits for the host before Choose… can open a picker', () => {
    setup({ canChoose: false });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Choose an environment file' }).disabled).toBe(true);
  });
});
