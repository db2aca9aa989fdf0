import type { Readable } from 'node:stream';

const prematureClose = () => Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

export type BodyRead = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly tooLarge: true };

export interface ReadBodyOptions {
  /**
   * What becomes of the rest of a body past the limit. 'destroy' (default): the stream is destroyed, so
   * nothing more is read (a server then closes the connection after its answer). 'drain': the rest is
   * read and dropped, so an HTTP client that is still uploading gets to read the 413 answer instead of
   * a connection reset.
   */
  readonly overLimit?: 'destroy' | 'drain';
}

/**
 * Reads a whole body (a request, or a response) of at most `limit` bytes: the one body reader of the
 * project. Plain 'data'/'end' listeners rather than an async iterator: every tool call reads three
 * bodies (request, upstream request, upstream answer), and an iterator costs several promises and an
 * end-of-stream watcher each time. A stream that errors or closes before its end rejects.
 */
export function readBody(stream: Readable, limit: number, options: ReadBodyOptions = {}): Promise<BodyRead> {
  if (stream.readableEnded) return Promise.resolve({ ok: true, bytes: Buffer.alloc(0) });
  if (stream.destroyed) return Promise.reject(prematureClose());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        if (options.overLimit === 'drain') {
          // A late error while draining has no one to tell; without a listener it would crash the process.
          stream.on('error', () => undefined);
          stream.resume();
        } else {
          stream.destroy();
        }
        resolve({ ok: false, tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve({ ok: true, bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size) });
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(prematureClose());
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}
