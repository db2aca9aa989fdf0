// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollectionList } from './CollectionList';

afterEach(cleanup);

describe('CollectionList', () => {
  it('says how to start when there are none', () => {
    render(<CollectionList collections={[]} open="" onOpen={() => {}} />);
    expect(screen.getByText(/No collections yet/)).toBeDefined();
  });

  it('opens a collection from the keyboard, marks the open one, and says why a file cannot be used', async () => {
    const onOpen = vi.fn();
    render(
      <CollectionList
        collections={[
          { file: 'a.collection.json', name: 'Smoke', items: 2 },
          { file: 'b.collection.json', problem: 'b.collection.json: not valid JSON at line 1, column 3' },
        ]}
        open="a.collection.json"
        onOpen={onOpen}
      />,
    );
    expect(screen.getByRole('button', { name: /Smoke/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByText(/not valid JSON at line 1/)).toBeDefined();
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith('b.collection.json');
  });
});
