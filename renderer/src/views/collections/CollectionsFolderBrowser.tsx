/** Browser mode's picker for the collections folder: the app's path browser, folders only (`collections:listFolders`). */
import { useApi } from '../../app/api-context';
import { PathBrowser } from '../../app/parts/PathBrowser';
import { collectionsKeys } from './collections-queries';

export function CollectionsFolderBrowser({
  start,
  onChoose,
  onClose,
}: {
  /** The folder to open at; null for home. */
  start: string | null;
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  const api = useApi();
  return (
    <PathBrowser
      title="Choose the collections folder"
      hint={
        <>
          Open folders until you reach the one for your collections (for example one in your git repository), then press “Use this folder”.
          Keys: ↑ ↓ to move, Enter to open, ← to go up.
        </>
      }
      queryKey={collectionsKeys.folders}
      list={(path) => api.collections.listFolders(path)}
      start={start}
      pick="folder"
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
