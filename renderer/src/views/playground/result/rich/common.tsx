import type { ReactNode } from 'react';
import type { CallOutcome } from '../../../../../../domain/ipc/playground-channels';

/** What a rich view gets: the result data and a way to run a follow-up call (a route step, a category). */
export interface RichProps {
  readonly data: unknown;
  readonly outcome: CallOutcome;
  readonly args: Record<string, unknown>;
  readonly onRun: (tool: string, args: Record<string, unknown>) => void;
}

export type Json = Record<string, unknown>;

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Token icons are data: URIs or https links; anything else is not shown. */
export function TokenIcon({ src, symbol }: { src: unknown; symbol: unknown }) {
  const url = str(src);
  if (url && (url.startsWith('data:image/') || url.startsWith('https://')))
    return <img className="pg-icon" src={url} alt="" width={22} height={22} loading="lazy" referrerPolicy="no-referrer" />;
  return (
    <span className="pg-icon pg-icon-fallback" aria-hidden="true">
      {(str(symbol) ?? '?').slice(0, 3)}
    </span>
  );
}

export function Flag({
  on,
  good = true,
  children,
  title,
}: {
  on: boolean | undefined;
  good?: boolean;
  children: ReactNode;
  title?: string;
}) {
  if (on === undefined) return null;
  const tone = on === good ? 'ok' : 'bad';
  return (
    <span className={`badge ${tone}`} title={title}>
      {on === good ? '✓' : '✗'} {children}
    </span>
  );
}

export function Mono({ children, title }: { children: ReactNode; title?: string | undefined }) {
  return (
    <code className="pg-mono" title={title}>
      {children}
    </code>
  );
}

export function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="pg-rich-section">
      <div className="pg-rich-head">
        <h3>{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}
