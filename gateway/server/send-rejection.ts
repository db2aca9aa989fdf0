import type { ServerResponse } from 'node:http';
import type { Rejection } from './request-guards';

/** Answers with the rejection's status and a JSON-RPC error body; a response already under way is only ended. */
export function sendRejection(res: ServerResponse, r: Rejection, id: unknown = null): void {
  if (res.headersSent) return void res.end();
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: r.code, message: r.message }, id });
  res.writeHead(r.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...r.headers,
  });
  res.end(body);
}
