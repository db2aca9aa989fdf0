import { EventSourceParserStream } from 'eventsource-parser/stream';
import { BINARY_CALL_HEADER, BINARY_CALL_TYPE, toBinaryCall } from '../../../domain/ipc/binary-call';
import type { Envelope } from '../../../domain/ipc/channel-names';
import type { FacadeTransport } from '../../../domain/ipc/facade';
import type { InvokeAnswer, InvokeRequest } from './invoke-worker';
import InvokeWorker from './invoke-worker?worker';
import { parseJsonInSlices, readJsonInSlices } from './json-in-slices';

const SESSION_KEY = 'companion.session';

/**
 * The session this tab holds. A page served for a fresh one-time link (/login?code=…) carries the session in
 * a `companion-session` meta element: it is moved into this tab's sessionStorage (bound to this exact
 * origin, port included), and the address becomes / so a reload does not ask for the used link again.
 */
export function takeSession(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="companion-session"]');
  const fresh = meta?.content;
  meta?.remove();
  if (fresh && /^[A-Za-z0-9_-]{20,}$/.test(fresh)) {
    sessionStorage.setItem(SESSION_KEY, fresh);
    history.replaceState(null, '', '/');
    return fresh;
  }
  return sessionStorage.getItem(SESSION_KEY) ?? undefined;
}

const failure = (code: string, message: string): Envelope<never> => ({ ok: false, error: { code, message } });
const offline = () => failure('offline', 'Gateway Companion is not running any more. Start it again and reload this page.');
const unexpected = (status: number) => failure('bad_response', `Unexpected response from Gateway Companion (HTTP ${status}).`);

/** Calls whose answers can be megabytes: sent, read and cut by a worker, parsed in slices on the page. */
const LARGE_ANSWERS: ReadonlySet<string> = new Set(['playground:call', 'playground:historyEntry']);

/**
 * The worker that sends those calls, started on first use; undefined where workers are not available
 * (the calls then go from the page itself, read and parsed in slices all the same).
 */
function invokeWorker(): ((request: Omit<InvokeRequest, 'id'>) => Promise<InvokeAnswer | undefined>) | undefined {
  let worker: Worker;
  try {
    worker = new InvokeWorker();
  } catch {
    return undefined;
  }
  let next = 0;
  let broken = false;
  const pending = new Map<number, (answer: InvokeAnswer | undefined) => void>();
  worker.onmessage = (event: MessageEvent<InvokeAnswer>) => {
    pending.get(event.data.id)?.(event.data);
    pending.delete(event.data.id);
  };
  // The worker could not start (its script did not load): every call goes from the page instead.
  worker.onerror = () => {
    broken = true;
    for (const resolve of pending.values()) resolve(undefined);
    pending.clear();
  };
  return (request) => {
    if (broken) return Promise.resolve(undefined);
    const id = ++next;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      worker.postMessage({ id, ...request } satisfies InvokeRequest);
    });
  };
}

/** The browser-mode transport: calls are POSTs, events arrive as a server-sent event stream read with fetch. */
export function createWebTransport(token: string): FacadeTransport {
  const headers = { Authorization: `Bearer ${token}` };
  const listeners = new Set<(event: string, payload: unknown) => void>();
  let streaming = false;

  async function stream(): Promise<void> {
    let delay = 500;
    while (listeners.size > 0) {
      try {
        const res = await fetch('/api/events', { headers });
        if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
        delay = 500;
        // The one event-stream parser of the project (eventsource-parser), as the bridge uses it.
        const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (!value.data) continue;
          const { event, payload } = JSON.parse(value.data) as { event: string; payload: unknown };
          for (const l of listeners) l(event, payload);
        }
      } catch {
        // The server restarted or the network blipped: reconnect with backoff.
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
    streaming = false;
  }

  let offPage: ReturnType<typeof invokeWorker>;
  let workerTried = false;

  return {
    async invoke(channel, args) {
      if (LARGE_ANSWERS.has(channel)) {
        if (!workerTried) {
          workerTried = true;
          offPage = invokeWorker();
        }
        const answer = await offPage?.({ token, body: JSON.stringify({ channel, args }) });
        if (answer && 'failed' in answer) return offline();
        if (answer) {
          try {
            // A multi-megabyte result (a 5 MB tool answer) is parsed in slices, so the page keeps responding;
            // the worker already cut it.
            const bytes = new Uint8Array(answer.bytes);
            return (await parseJsonInSlices(bytes, answer.cut ? { cut: answer.cut } : {})) as Envelope<unknown>;
          } catch {
            return unexpected(answer.status);
          }
        }
      }
      let res: Response;
      const binary = toBinaryCall(channel, args);
      try {
        res = await fetch(
          '/api/invoke',
          binary
            ? {
                method: 'POST',
                headers: { ...headers, 'Content-Type': BINARY_CALL_TYPE, [BINARY_CALL_HEADER]: binary.header },
                // As a Blob: Chromium hands a Blob body over cheaply, while a typed-array body held the
                // page's thread ~200 ms per 768 KB part on a loaded machine (npm run bench:wizard-logo).
                body: new Blob([binary.body]),
              }
            : {
                method: 'POST',
                headers: { ...headers, 'Content-Type': 'application/json' },
                body: JSON.stringify({ channel, args }),
              },
        );
      } catch {
        return offline();
      }
      try {
        return (await readJsonInSlices(res)) as Envelope<unknown>;
      } catch {
        return unexpected(res.status);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!streaming) {
        streaming = true;
        void stream();
      }
      return () => listeners.delete(listener);
    },
  };
}
