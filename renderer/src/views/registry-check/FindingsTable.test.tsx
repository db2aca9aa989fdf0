// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistryFinding } from '../../../../domain/ipc/registry-channels';
import { FindingsFilterBar } from './FindingsFilterBar';
import { FindingsTable } from './FindingsTable';
import { NO_FILTERS } from './findings-filter';

afterEach(cleanup);

const finding = (change: Partial<RegistryFinding>): RegistryFinding => ({
  severity: 'error',
  code: 'website-scheme',
  path: 'blockchains/cosmos/validators/list.json',
  chain: 'cosmos',
  id: 'cosmosvaloper1abc',
  message: 'The website must start with https://.',
  line: 12,
  meaning: '',
  ...change,
});

describe('FindingsTable', () => {
  it('shows each finding with its chain, ids and where it is, and opens the one chosen', async () => {
    const onOpen = vi.fn();
    const f = finding({});
    render(
      <FindingsTable
        findings={[f, finding({ chain: null, id: null, path: 'blockchains/x/info.json', message: 'Odd file.' })]}
        onOpen={onOpen}
      />,
    );
    expect(screen.getByText('cosmosvaloper1abc')).toBeDefined();
    const where = screen.getByText('list.json:12');
    expect(where.getAttribute('title')).toBe(f.path);
    await userEvent.setup().click(screen.getByRole('button', { name: f.message }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(f);
    // A finding outside any chain has nothing to open.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Odd file.' }).disabled).toBe(true);
  });
});

describe('FindingsFilterBar', () => {
  it('shows the counts and reports each change', async () => {
    const onChange = vi.fn();
    render(
      <FindingsFilterBar
        filters={NO_FILTERS}
        total={1234}
        chains={[{ chain: 'cosmos', count: 3 }]}
        counts={{ error: 2, warning: 1, info: 0 }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('option', { name: 'All chains (1,234)' })).toBeDefined();
    expect(screen.getByRole('option', { name: 'Errors (2)' })).toBeDefined();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Severity'), 'warning');
    expect(onChange).toHaveBeenLastCalledWith({ severity: 'warning' });
    await user.type(screen.getByLabelText('Search'), 'x');
    expect(onChange).toHaveBeenLastCalledWith({ text: 'x' });
  });
});
