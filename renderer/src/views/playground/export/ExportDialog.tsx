import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../app/api-context';
import { CopyButton } from '../../../app/parts/CopyButton';
import type { ConnectionInfo } from '../../../../../domain/ipc/playground-channels';
import type { ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { useConnection } from '../state/playground-queries';
import { useProfiles } from '../state/profiles-queries';
import { copyText } from '../../../app/parts/CopyButton';
import { TabList } from '../TabList';
import { headerNamesOf } from '../../../../../domain/profile-gateway';
import { EXPORT_FORMATS, type SnippetInput } from './snippets';

/** Demo credentials go into shell and TypeScript text as they are: only plain characters are accepted. */
const SHELL_SAFE = /^[A-Za-z0-9_.-]+$/;

/** Where the call would go: the live connection's endpoint, or the profile's as stored. */
function target(
  profile: string,
  connection: ConnectionInfo | undefined,
  profiles: readonly ProfileSummary[],
): Pick<SnippetInput, 'url' | 'caFile' | 'protocolVersion' | 'headerNames'> {
  const p = profiles.find((x) => x.name === profile);
  // The profile's own header names (the public gateway reads X-TW-*); absent: the spec's.
  const headerNames = p?.credentialHeader || p?.secretHeader ? { headerNames: headerNamesOf(p) } : {};
  if (connection && connection.profile === profile)
    return {
      url: connection.url,
      ...(connection.caFile ? { caFile: connection.caFile } : {}),
      protocolVersion: connection.protocolVersion,
      ...headerNames,
    };
  return {
    ...headerNames,
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
  const api = useApi();
  const connection = useConnection();
  const profiles = useProfiles().data ?? [];
  const live = connection?.profile === profile;
  // The built-in gateway's demo account, for exports that run as they are (main answers null for any other gateway).
  const demoQuery = useQuery({
    queryKey: ['playground', 'demoCredentials', profile],
    queryFn: () => api.playground.demoCredentials(),
    enabled: live,
  });
  const demo = live && demoQuery.data && SHELL_SAFE.test(demoQuery.data.accessId + demoQuery.data.secretKey) ? demoQuery.data : undefined;
  const chosen = EXPORT_FORMATS.find((f) => f.id === format)!;
  const text = chosen.build({ ...target(profile, connection, profiles), tool, args, ...(demo ? { demo } : {}) });
  const exportLine = demo ? `export GATEWAY_ACCESS_ID=${demo.accessId} GATEWAY_SECRET_KEY=${demo.secretKey}` : '';
  return (
    <dialog ref={ref} className="pg-dialog modal" aria-labelledby="pg-export-title" onClose={onClose}>
      <div className="row pg-spread">
        <h2 id="pg-export-title">
          Export <code>{tool}</code>
        </h2>
        <button type="button" className="button subtle" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      <TabList label="Export format" tabs={EXPORT_FORMATS} selected={format} onSelect={(id) => (setFormat(id), setCopied(undefined))} />
      {demo && (
        <section className="callout pg-demo-credentials" aria-labelledby="pg-demo-title">
          <h3 id="pg-demo-title">Demo credentials of the built-in gateway</h3>
          <p className="pg-small">
            Not secret: they only open the offline reference gateway on this computer, and the export below uses them when the variables are
            not set. For a real gateway, set your own.
          </p>
          <div className="command-line">
            <code>{exportLine}</code>
            <CopyButton text={exportLine} what="the demo credentials" />
          </div>
        </section>
      )}
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
          {demo
            ? 'Runs as it is against the built-in gateway; GATEWAY_ACCESS_ID and GATEWAY_SECRET_KEY override the demo credentials.'
            : 'Credentials are placeholders: set GATEWAY_ACCESS_ID and GATEWAY_SECRET_KEY in your environment.'}
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
