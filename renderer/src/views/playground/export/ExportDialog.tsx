import { useEffect, useRef, useState } from 'react';
import { useConnectionStore } from '../state/connection-store';
import { copyText } from '../../../app/parts/CopyButton';
import { TabList } from '../TabList';
import { EXPORT_FORMATS, type SnippetInput } from './snippets';

/** Where the call would go: the live connection's endpoint, or the profile's as stored. */
function target(profile: string): Pick<SnippetInput, 'url' | 'caFile' | 'protocolVersion'> {
  const { connection, profiles } = useConnectionStore.getState();
  if (connection && connection.profile === profile)
    return {
      url: connection.url,
      ...(connection.caFile ? { caFile: connection.caFile } : {}),
      protocolVersion: connection.protocolVersion,
    };
  const p = profiles.find((x) => x.name === profile);
  return {
    url: p?.url ?? 'https://gateway.example.com/mcp',
    ...(p?.caFile ? { caFile: p.caFile } : {}),
    protocolVersion: connection?.protocolVersion ?? '2025-11-25',
  };
}

/** Export one call as a JSON-RPC request, a TypeScript SDK program or a curl script; headers are placeholders. */
export function ExportDialog({
  tool,
  args,
  profile,
  onClose,
}: {
  tool: string;
  args: Record<string, unknown>;
  profile: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [format, setFormat] = useState<(typeof EXPORT_FORMATS)[number]['id']>('typescript');
  const [copied, setCopied] = useState<string>();
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const chosen = EXPORT_FORMATS.find((f) => f.id === format)!;
  const text = chosen.build({ ...target(profile), tool, args });
  return (
    <dialog ref={ref} className="pg-dialog" aria-labelledby="pg-export-title" onClose={onClose}>
      <div className="row pg-spread">
        <h2 id="pg-export-title">
          Export <code>{tool}</code>
        </h2>
        <button type="button" className="button subtle" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      <TabList label="Export format" tabs={EXPORT_FORMATS} selected={format} onSelect={(id) => (setFormat(id), setCopied(undefined))} />
      <pre className="pg-pre pg-export" aria-label={`${chosen.label} export`} tabIndex={0}>
        {text}
      </pre>
      <div className="row">
        <button
          type="button"
          className="button primary"
          onClick={() => void copyText(text).then((ok) => setCopied(ok ? 'Copied.' : 'The clipboard refused; select the text instead.'))}
        >
          Copy
        </button>
        <span className="muted pg-small">
          Credentials are placeholders: set GATEWAY_ACCESS_ID and GATEWAY_SECRET_KEY in your environment.
        </span>
        {copied && (
          <span className="pg-ok-text" role="status">
            {copied}
          </span>
        )}
      </div>
    </dialog>
  );
}
