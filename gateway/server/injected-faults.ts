import type { IncomingMessage, ServerResponse } from 'node:http';

/** A canned answer for the next request(s), to exercise clients' fault handling (test hooks only). */
export interface HttpFault {
  /** HTTP status to answer with, e.g. 500, 502, 401. */
  readonly status: number;
  readonly body?: string;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** How many requests get it (default 1). */
  readonly times?: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Puts the fault queue in front of `next`: while a fault is queued, requests get it instead of being
 * served. Only a gateway started with test hooks composes this layer, so production requests never look
 * at a queue.
 */
export function withInjectedFaults(faults: HttpFault[], next: Handler): Handler {
  return async (req, res) => {
    const fault = faults[0];
    if (!fault) return next(req, res);
    if ((fault.times ?? 1) <= 1) faults.shift();
    else faults.splice(0, 1, { ...fault, times: (fault.times ?? 1) - 1 });
    res.writeHead(fault.status, { 'content-type': fault.contentType ?? 'text/html', ...fault.headers });
    res.end(fault.body ?? `<html><body><h1>${fault.status}</h1></body></html>`);
  };
}
