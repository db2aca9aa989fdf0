// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectionsFolderState } from '../../../../domain/ipc/collections-channels';
import { CompanionError, type CompanionApi } from '../../../../domain/ipc/facade';
import { ApiContext } from '../../app/api-context';
import { createQueryClient } from '../../app/query-client';
import { CollectionsFolder, type CollectionsFolderProps } from './CollectionsFolder';
import { CollectionsFolderControl } from './CollectionsFolderControl';
import { openCollection, resetCollectionsUi, useCollectionsUi } from './collections-ui-store';

afterEach(() => {
  cleanup();
  resetCollectionsUi();
});

const DEFAULT = '/home/me/.config/gateway-companion/collections';
const REPO = '/home/me/project/collections';
const atDefault: CollectionsFolderState = { folder: DEFAULT, defaultFolder: DEFAULT, isDefault: true };
const atRepo: CollectionsFolderState = { folder: REPO, defaultFolder: DEFAULT, isDefault: false };

function setup(props: Partial<CollectionsFolderProps> = {}) {
  const onChange = vi.fn();
  const onUseDefault = vi.fn();
  render(<CollectionsFolder state={atDefault} disabled={false} onChange={onChange} onUseDefault={onUseDefault} {...props} />);
  return { onChange, onUseDefault, user: userEvent.setup() };
}

const group = () => screen.getByRole('group', { name: /^Folder/ });

describe('CollectionsFolder', () => {
  it('shows the default folder with its full path on hover and Copy, and offers to change it', async () => {
    const { onChange, user } = setup();
    expect(group().getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByText('Folder (the default)')).toBeDefined();
    // Shortened at its start when it does not fit (the last folders say the most), in full on hover.
    const path = within(group()).getByTitle(DEFAULT);
    expect(path.textContent).toBe(DEFAULT);
    expect(path.className).toContain('keep-end');
    expect(within(group()).getByRole('button', { name: "Copy the collections folder's path" })).toBeDefined();
    expect(screen.getByText(/Keep them in your git repository/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Use the default folder' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change folder…' }));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('shows a chosen folder, and "Use the default folder" naming it on hover', async () => {
    const { onUseDefault, user } = setup({ state: atRepo });
    expect(screen.getByText('Folder')).toBeDefined();
    expect(within(group()).getByTitle(REPO).textContent).toBe(REPO);
    expect(screen.queryByText(/Keep them in your git repository/)).toBeNull();
    const useDefault = screen.getByRole('button', { name: 'Use the default folder' });
    expect(useDefault.getAttribute('title')).toBe(DEFAULT);
    await user.click(useDefault);
    expect(onUseDefault).toHaveBeenCalledOnce();
  });

  it("says plainly why a chosen folder cannot be used, with the way back to the default; and a change's refusal", () => {
    const problem = `The collections folder ${REPO} is not there now: is it on a disk or network share that is not connected, or was it moved?`;
    setup({ state: { ...atRepo, problem }, error: 'There is no folder at /media/usb.' });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([problem, 'There is no folder at /media/usb.']);
    expect(screen.getByRole('button', { name: 'Use the default folder' })).toBeDefined();
  });

  it('waits while a change is being saved', () => {
    setup({ state: atRepo, disabled: true });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Change folder…' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Use the default folder' }).disabled).toBe(true);
  });
});

/** The container with a fake host: `host` decides between the system dialog and the app's folder browser. */
function renderControl(host: 'electron' | 'browser', state: CollectionsFolderState, collections: Partial<CompanionApi['collections']>) {
  const api = {
    app: { info: vi.fn(async () => ({ host })) },
    collections: { list: vi.fn(async () => ({ ...state, collections: [] })), ...collections },
  } as unknown as CompanionApi;
  render(
    <ApiContext.Provider value={api}>
      <QueryClientProvider client={createQueryClient()}>
        <CollectionsFolderControl state={state} />
      </QueryClientProvider>
    </ApiContext.Provider>,
  );
  return userEvent.setup();
}

describe('CollectionsFolderControl', () => {
  it('on the desktop, hands the folder the system dialog chose to main, and closes the collection open from the folder left', async () => {
    openCollection('smoke.collection.json');
    const pickFolder = vi.fn(async () => ({ path: REPO }));
    const setFolder = vi.fn(async () => atRepo);
    const user = renderControl('electron', atDefault, { pickFolder, setFolder });
    const change = screen.getByRole<HTMLButtonElement>('button', { name: 'Change folder…' });
    await waitFor(() => expect(change.disabled).toBe(false));
    await user.click(change);
    await waitFor(() => expect(setFolder).toHaveBeenCalledWith(REPO));
    await waitFor(() => expect(useCollectionsUi.getState().open).toBe(''));
  });

  it('on the desktop, saves nothing when the dialog is cancelled', async () => {
    const pickFolder = vi.fn(async () => ({ path: null }));
    const setFolder = vi.fn();
    const user = renderControl('electron', atDefault, { pickFolder, setFolder });
    const change = screen.getByRole<HTMLButtonElement>('button', { name: 'Change folder…' });
    await waitFor(() => expect(change.disabled).toBe(false));
    await user.click(change);
    await waitFor(() => expect(pickFolder).toHaveBeenCalledOnce());
    expect(setFolder).not.toHaveBeenCalled();
  });

  it("in browser mode, opens the app's folder browser at the chosen folder and uses the folder shown there", async () => {
    const listFolders = vi.fn(async (path: string | null) => ({
      path: path ?? '/home/me',
      parent: '/home/me/project',
      home: '/home/me',
      isRegistry: false,
      folders: [],
      truncated: false,
    }));
    const setFolder = vi.fn(async () => atRepo);
    const user = renderControl('browser', atRepo, { listFolders, setFolder });
    const change = screen.getByRole<HTMLButtonElement>('button', { name: 'Change folder…' });
    await waitFor(() => expect(change.disabled).toBe(false));
    await user.click(change);
    const dialog = await screen.findByRole('dialog', { name: 'Choose the collections folder' });
    await within(dialog).findByRole('list', { name: `Folders in ${REPO}` });
    expect(listFolders).toHaveBeenCalledWith(REPO);
    await user.click(within(dialog).getByRole('button', { name: 'Use this folder' }));
    await waitFor(() => expect(setFolder).toHaveBeenCalledWith(REPO));
  });

  it("shows main's refusal of a folder, and goes back to the default with null", async () => {
    const setFolder = vi.fn(async (path: string | null) => {
      if (path !== null) throw new CompanionError('invalid_folder', 'nope');
      return atDefault;
    });
    const pickFolder = vi.fn(async () => ({ path: '/media/usb' }));
    const user = renderControl('electron', atRepo, { pickFolder, setFolder });
    const change = screen.getByRole<HTMLButtonElement>('button', { name: 'Change folder…' });
    await waitFor(() => expect(change.disabled).toBe(false));
    await user.click(change);
    expect((await screen.findByRole('alert')).textContent).toBe('nope');
    await user.click(screen.getByRole('button', { name: 'Use the default folder' }));
    await waitFor(() => expect(setFolder).toHaveBeenLastCalledWith(null));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
