/**
 * The Collections view's folder control (container): "Change folder…" opens the system folder dialog on
 * the desktop and the app's folder browser in browser mode; the folder chosen, or the default, is then
 * handed to main, which checks it before using it (collections:setFolder).
 */
import { useState } from 'react';
import type { CollectionsFolderState } from '../../../../domain/ipc/collections-channels';
import { useApi } from '../../app/api-context';
import { useAppInfo } from '../../app/app-info';
import { CollectionsFolder } from './CollectionsFolder';
import { CollectionsFolderBrowser } from './CollectionsFolderBrowser';
import { useSetCollectionsFolder } from './collections-mutations';

export function CollectionsFolderControl({ state }: { state: CollectionsFolderState }) {
  const api = useApi();
  const host = useAppInfo().data?.host;
  const setFolder = useSetCollectionsFolder();
  const [browsing, setBrowsing] = useState(false);
  const [pickError, setPickError] = useState<string>();
  const choose = (path: string | null) => {
    setPickError(undefined);
    setFolder.mutate(path);
  };
  const change = () => {
    setPickError(undefined);
    setFolder.reset();
    if (host !== 'electron') {
      setBrowsing(true);
      return;
    }
    api.collections.pickFolder().then(
      ({ path }) => path && choose(path),
      (e: Error) => setPickError(e.message),
    );
  };
  return (
    <>
      <CollectionsFolder
        state={state}
        disabled={setFolder.isPending || host === undefined}
        error={pickError ?? setFolder.error?.message}
        onChange={change}
        onUseDefault={() => choose(null)}
      />
      {browsing && (
        <CollectionsFolderBrowser
          start={state.isDefault || state.problem !== undefined ? null : state.folder}
          onChoose={choose}
          onClose={() => setBrowsing(false)}
        />
      )}
    </>
  );
}
