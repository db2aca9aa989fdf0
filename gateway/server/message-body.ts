import type { IncomingMessage } from 'node:http';
import { readBody } from '../../platform/http/read-body';
import { JSONRPC, type Rejection } from './request-guards';

export type MessageBody =
  | { readonly ok: true; readonly body: unknown }
  /** `closeConnection`: the rest of the body was not read, so the connection cannot carry another request. */
  | { readonly ok: false; readonly rejection: Rejection; readonly closeConnection?: true };

/**
 * A POST's JSON-RPC message (or batch): JSON media type, at most `limit` bytes, valid JSON, an object or an
 * array. GET and DELETE carry no message (body undefined).
 */
export async function readMessageBody(req: IncomingMessage, limit: number): Promise<MessageBody> {
  if (req.method !== 'POST') return { ok: true, body: undefined };
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) {
    return {
      ok: false,
      rejection: {
        status: 415,
        code: JSONRPC.invalidRequest,
        message: `Unsupported media type "${type.slice(0, 60)}": POST a JSON-RPC message as application/json.`,
      },
    };
  }
  const tooLarge = {
    ok: false as const,
    closeConnection: true as const,
    rejection: { status: 413, code: JSONRPC.invalidRequest, message: `Payload too large: the body exceeds ${limit} bytes.` },
  };
  if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge;
  // Past the limit the rest is not read; the connection is closed after the answer.
  const read = await readBody(req, limit);
  if (!read.ok) return tooLarge;
  let body: unknown;
  try {
    body = JSON.parse(read.bytes.toString('utf8'));
  } catch {
    return { ok: false, rejection: { status: 400, code: JSONRPC.parseError, message: 'Parse error: the body is not valid JSON.' } };
  }
  if (body === null || typeof body !== 'object') {
    return {
      ok: false,
      rejection: {
        status: 400,
        code: JSONRPC.invalidRequest,
        message: 'Invalid request: the body must be a JSON-RPC message object (or an array of them).',
      },
    };
  }
  return { ok: true, body };
}
