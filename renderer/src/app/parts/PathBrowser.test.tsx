// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { PathBrowser, type PathListing } from './PathBrowser';

afterEach(cleanup);

/** Home holds one folder, `envs`, which holds two environment files. */
const LISTINGS: Record<string, PathListing> = {
  '/home/me': { path: '/home/me', parent: '/home', folders: [{ name: 'envs', path: '/home/me/envs' }], files: [], truncated: false },
  '/home/me/envs': {
    path: '/home/me/envs',
    parent: '/home/me',
    folders: [],
    files: [
      { name: 'prod.json', path: '/home/me/envs/prod.json' },
      { name: 'staging.json', path: '/home/me/envs/staging.json' },
    ],
    truncated: false,
  },
};

function setup(pick: 'file' | 'folder') {
  const list = vi.fn(async (path: string | null) => LISTINGS[path ?? '/home/me']!);
  const onChoose = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PathBrowser
        title="Choose an environment file"
        hint="Keys: ↑ ↓ to move, Enter to open or choose, ← to go up."
        queryKey={['test', pick]}
        list={list}
        start={null}
        pick={pick}
        onChoose={onChoose}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { list, onChoose, onClose, user: userEvent.setup() };
}

describe('PathBrowser', () => {
  it('walks to a file with the keyboard alone and chooses it', async () => {
    const { list, onChoose, user } = setup('file');
    const home = await screen.findByRole('list', { name: 'Folders and files in /home/me' });
    expect(list).toHaveBeenCalledWith(null);
    expect(within(home).getByRole('button', { name: 'envs' })).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    const envs = await screen.findByRole('list', { name: 'Folders and files in /home/me/envs' });
    expect(
      within(envs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['📄 prod.json', '📄 staging.json']);
    // ← goes up again, Enter comes back.
    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('list', { name: 'Folders and files in /home/me' });
    await user.keyboard('{Enter}');
    await screen.findByRole('list', { name: 'Folders and files in /home/me/envs' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith('/home/me/envs/staging.json');
    // A file picker chooses files, not the folder shown.
    expect(screen.queryByRole('button', { name: 'Use this folder' })).toBeNull();
  });

  it('as a folder picker, lists folders only and chooses the folder shown', async () => {
    const { onChoose, user } = setup('folder');
    await screen.findByRole('list', { name: 'Folders in /home/me' });
    await user.keyboard('{Enter}');
    const envs = await screen.findByRole('list', { name: 'Folders in /home/me/envs' });
    expect(within(envs).getByText('No folders here.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Use this folder' }));
    expect(onChoose).toHaveBeenCalledWith('/home/me/envs');
  });
});
