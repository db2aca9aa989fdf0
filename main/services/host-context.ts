import type { EventName, EventPayload } from '../../domain/ipc/contract';

/** What services may ask of the host that runs them (Electron main or the browser-mode server). */
export interface HostContext {
  readonly host: 'electron' | 'browser';
  /** Opens an already-validated https URL; browser mode lets the page open it instead. */
  openLink(url: URL): Promise<boolean>;
  /** Pushes an event to every connected renderer. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  readonly log: (line: string) => void;
  /** The system folder picker; only the desktop host has one (null: the user cancelled). */
  pickFolder?(title: string): Promise<string | null>;
  /** The system file picker, showing the files `filters` allow; only the desktop host has one (null: cancelled). */
  pickFile?(
    title: string,
    filters: ReadonlyArray<{ readonly name: string; readonly extensions: readonly string[] }>,
  ): Promise<string | null>;
}
