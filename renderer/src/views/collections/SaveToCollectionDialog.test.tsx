// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SaveToCollectionDialog } from './SaveToCollectionDialog';

afterEach(cleanup);

const collections = [
  { file: 'smoke.collection.json', name: 'Smoke', items: 2 },
  { file: 'bad.collection.json', problem: 'not valid JSON' },
];

function setup(props: Partial<Parameters<typeof SaveToCollectionDialog>[0]> = {}) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(
    <SaveToCollectionDialog
      tool="get_token_prices"
      collections={collections}
      saving={false}
      error={undefined}
      saved={undefined}
      onSave={onSave}
      onClose={onClose}
      {...props}
    />,
  );
  return { onSave, onClose, user: userEvent.setup() };
}

describe('SaveToCollectionDialog', () => {
  it('saves to a new collection by name, from the keyboard; Save waits for a name', async () => {
    const { onSave, user } = setup();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await user.type(screen.getByLabelText('Name of the new collection'), '  My quotes {Enter}');
    expect(onSave).toHaveBeenCalledWith({ newName: 'My quotes' }, []);
  });

  it('offers only the collections that can be used, and saves to the one chosen', async () => {
    const { onSave, user } = setup();
    expect(screen.queryByLabelText(/bad\.collection\.json/)).toBeNull();
    await user.click(screen.getByLabelText(/Smoke/));
    expect(screen.queryByLabelText('Name of the new collection')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ file: 'smoke.collection.json' }, []);
  });

  it('shows what went wrong and what was saved', () => {
    setup({ error: 'smoke.collection.json: not a collection', saved: 'Saved as item 3 of smoke.collection.json.' });
    expect(screen.getByRole('alert').textContent).toBe('smoke.collection.json: not a collection');
    expect(screen.getByRole('status').textContent).toBe('Saved as item 3 of smoke.collection.json.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeDefined();
  });
});

describe('SaveToCollectionDialog result tree', () => {
  it('adds assertions chosen on the tree, removes one, and saves with the rest', async () => {
    const { onSave, user } = setup({ tree: { value: { price: 2, id: 'q-1' }, root: '/structuredContent' } });
    await user.click(screen.getByText('Add assertions from the answer'));
    await user.selectOptions(screen.getByLabelText('Add an assertion for /structuredContent/price'), 'is a number');
    await user.selectOptions(screen.getByLabelText('Add an assertion for /structuredContent/id'), 'ignore in snapshot');
    await user.selectOptions(screen.getByLabelText('Add an assertion for /structuredContent/price'), 'equals this');
    await user.click(screen.getByRole('button', { name: 'Remove is a number at /structuredContent/price' }));
    await user.type(screen.getByLabelText('Name of the new collection'), 'Quotes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ newName: 'Quotes' }, [
      { kind: 'ignore', pointer: '/structuredContent/id' },
      { kind: 'equals', pointer: '/structuredContent/price' },
    ]);
  });
});
