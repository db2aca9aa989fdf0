/** Browser mode's picker for an environment file: the app's path browser over `.json` files (`collections:listEnvironmentFiles`). */
import { useApi } from '../../app/api-context';
import { PathBrowser } from '../../app/parts/PathBrowser';
import { collectionsKeys } from './collections-queries';

export function EnvironmentFileBrowser({
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
      title="Choose an environment file"
      hint={
        <>
          Open folders until you reach the <code>.json</code> file of variables, then choose it. Keys: ↑ ↓ to move, Enter to open or choose,
          ← to go up.
        </>
      }
      queryKey={collectionsKeys.environmentFiles}
      list={(path) => api.collections.listEnvironmentFiles(path)}
      start={start}
      pick="file"
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
