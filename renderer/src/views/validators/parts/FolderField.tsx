/** The "Registry folder" field with recent folders, the desktop Browse button, and what the folder is. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FolderInfo } from '../../../../../domain/ipc/registry-channels';
import { useApi } from '../../../app/api-context';
import { useAppInfo } from '../../../app/app-info';
import { CopyButton } from '../../../app/parts/CopyButton';
import { browseForFolder, checkFolder, setRootInput } from '../wizard-actions';
import { forgetFolderMutation } from '../wizard-mutations';
import { useFolder, useRecentFolders } from '../wizard-queries';
import type { Load } from '../wizard-state';
import { useWizardStore } from '../wizard-store';
import { plural, Spinner } from './common';
import { FolderBrowser } from './FolderBrowser';

const CHECK_DELAY_MS = 450;

export function FolderField() {
  const api = useApi();
  const client = useQueryClient();
  // The Browse button exists only in the desktop app.
  const host = useAppInfo().data?.host;
  const root = useWizardStore((s) => s.draft.root);
  const checked = useWizardStore((s) => s.folderInput);
  const folder = useFolder();
  const recent = useRecentFolders();
  const forget = useMutation(forgetFolderMutation(api));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [browseError, setBrowseError] = useState<string>();
  // Browser mode has no system folder dialog: its own folder browser opens instead.
  const [browsing, setBrowsing] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (value: string) => {
    setRootInput(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => checkFolder(client, value), CHECK_DELAY_MS);
  };
  const openNow = (value: string) => {
    clearTimeout(timer.current);
    setRootInput(value);
    checkFolder(client, value);
  };
  const browse = () => {
    setBrowseError(undefined);
    if (host !== 'electron') {
      setBrowsing(true);
      return;
    }
    browseForFolder(api, client).catch((e: Error) => setBrowseError(e.message));
  };
  const checkedThis = folder.status !== 'idle' && checked === root;

  return (
    <div className="stack-sm">
      <div className="field">
        <label htmlFor="registry-folder">Registry folder</label>
        <div className="input-row">
          <input
            id="registry-folder"
            type="text"
            className="mono"
            value={root}
            spellCheck={false}
            autoComplete="off"
            placeholder="/home/you/assets"
            aria-describedby="registry-folder-hint registry-folder-status"
            aria-invalid={checkedThis && folder.status === 'done' && !folder.data.isRegistry ? true : undefined}
            onChange={(e) => change(e.target.value)}
            onKeyDown={(e) => {
              // Enter checks the folder at once; when it is already checked, the form moves on.
              if (e.key === 'Enter' && !(checkedThis && folder.status === 'done' && folder.data.isRegistry)) {
                e.preventDefault();
                openNow(root);
              }
            }}
          />
          {host && (
            <button type="button" className="button" onClick={browse}>
              Browse…
            </button>
          )}
          {root && <CopyButton text={root} what="the folder path" className="button copy-button" />}
        </div>
        {browsing && (
          <FolderBrowser
            start={checkedThis && folder.status === 'done' ? root : null}
            onChoose={openNow}
            onClose={() => setBrowsing(false)}
          />
        )}
        <p id="registry-folder-hint" className="hint">
          The folder of your copy (clone) of the assets repository: the one that contains <code>blockchains</code>. Paste its full path or
          press Browse.
        </p>
        {browseError && <p className="field-message error">{browseError}</p>}
      </div>
      <div id="registry-folder-status" aria-live="polite">
        {checkedThis && <FolderStatus folder={folder} onUse={openNow} />}
      </div>
      {recent.length > 0 && (
        <div className="recent-folders">
          <h3 id="recent-title">Recent folders</h3>
          <ul aria-labelledby="recent-title">
            {recent.map((f) => (
              <li key={f}>
                <button
                  type="button"
                  className="link-button mono"
                  onClick={() => openNow(f)}
                  aria-current={f === root ? 'true' : undefined}
                >
                  {f}
                </button>
                <CopyButton text={f} what={`the path ${f}`} className="copy-icon" />
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Forget ${f}`}
                  title="Remove from this list"
                  onClick={() => forget.mutate(f)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function FolderStatus({ folder, onUse }: { folder: Load<FolderInfo>; onUse: (path: string) => void }) {
  if (folder.status === 'loading') return <Spinner label="Looking at the folder…" />;
  if (folder.status === 'error') return <p className="callout error">{folder.message}</p>;
  if (folder.status !== 'done') return null;
  const info = folder.data;
  if (!info.isRegistry) {
    return (
      <div className="callout error" role="alert">
        <p>{info.message}</p>
        {info.suggestion && (
          <p className="callout-actions">
            <span>Did you mean this folder?</span>
            <button type="button" className="button small" onClick={() => onUse(info.suggestion!)}>
              Use {info.suggestion}
            </button>
          </p>
        )}
      </div>
    );
  }
  return <RegistrySummary info={info} />;
}

function RegistrySummary({ info }: { info: FolderInfo }) {
  const damaged = info.chains.filter((c) => c.problem);
  return (
    <div className="folder-summary">
      <p className="callout ok">
        This is a validator registry: {plural(info.chains.length, 'chain')} with {plural(info.validators, 'validator')}.
      </p>
      <GitState info={info} />
      {damaged.length > 0 && (
        <p className="callout warn">
          {plural(damaged.length, 'chain has', 'chains have')} a damaged list ({damaged.map((c) => c.name).join(', ')}). The wizard will not
          change those lists until they are repaired.
        </p>
      )}
    </div>
  );
}

export function GitState({ info }: { info: FolderInfo }) {
  const git = info.git;
  if (!git) {
    return (
      <p className="muted small">Not a git checkout: the wizard can still write the files; you then add them to your fork on GitHub.</p>
    );
  }
  return (
    <div className="git-state">
      <span className="muted">Git branch</span>
      <span className="badge accent mono">{git.branch ?? 'detached HEAD'}</span>
      {git.changes === 0 ? (
        <span className="badge ok">No uncommitted changes</span>
      ) : (
        <details className="inline-details">
          <summary>
            <span className="badge warn">{plural(git.changes, 'uncommitted change')}</span>
          </summary>
          <p className="muted small">These stay as they are: the wizard commits only the files it writes.</p>
          <ul className="mono small">
            {git.changedPaths.map((p) => (
              <li key={p}>{p}</li>
            ))}
            {git.changes > git.changedPaths.length && <li>…and {git.changes - git.changedPaths.length} more</li>}
          </ul>
        </details>
      )}
    </div>
  );
}
