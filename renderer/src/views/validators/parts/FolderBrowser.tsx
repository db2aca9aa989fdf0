/** Browser mode's picker for the registry folder (the app's path browser, folders only: `registry:listFolders`). */
import { useApi } from '../../../app/api-context';
import { PathBrowser } from '../../../app/parts/PathBrowser';

export function FolderBrowser({
  start,
  onChoose,
  onClose,
}: {
  start: string | null;
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  const api = useApi();
  return (
    <PathBrowser
      title="Choose your registry folder"
      hint={
        <>
          Open folders until you reach your copy of the registry (the folder that contains <code>blockchains</code>), then press “Use this
          folder”. Keys: ↑ ↓ to move, Enter to open, ← to go up.
        </>
      }
      queryKey={['registry', 'listFolders']}
      list={(path) => api.registry.listFolders(path)}
      start={start}
      pick="folder"
      note={(listing) => listing.isRegistry && <p className="callout ok">This folder is a validator registry.</p>}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
