import type { ReactNode } from 'react';
import type { CallOutcome } from '../../../../../../domain/ipc/playground-channels';

/** What every rich view gets: the call's outcome and arguments, and a way to run a follow-up call (a route step, a category). */
export interface RichContext {
  readonly outcome: CallOutcome;
  readonly args: Record<string, unknown>;
  readonly onRun: (tool: string, args: Record<string, unknown>) => void;
}

/** A rich view's props: the result as its tool's output schema parsed it. */
export interface RichProps<T> extends RichContext {
  readonly data: T;
}

// The output schemas are loose: fields beyond them (a description, a fee) are `unknown` and read with these.
export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Token icons are data: URIs or https links; anything else is not shown. */
export function TokenIcon({ src, symbol }: { src: string; symbol: string }) {
  if (src.startsWith('data:image/') || src.startsWith('https://'))
    return <img className="pg-icon" src={src} alt="" width={22} height={22} loading="lazy" referrerPolicy="no-referrer" />;
  return (
    <span className="pg-icon pg-icon-fallback" aria-hidden="true">
      {symbol.slice(0, 3)}
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
