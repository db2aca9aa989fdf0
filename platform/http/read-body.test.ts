import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody } from './read-body';

describe('readBody', () => {
  it('joins the chunks of a body within the limit', async () => {
    const read = await readBody(Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]), 7);
    expect(read.ok && read.bytes.toString('utf8')).toBe('{"a":1}');
  });

  it('reads an empty body, and one that already ended', async () => {
    const empty = new PassThrough();
    empty.end();
    expect(await readBody(empty, 10)).toMatchObject({ ok: true, bytes: Buffer.alloc(0) });
    const ended = new PassThrough();
    ended.end();
    ended.resume();
    await new Promise((resolve) => ended.once('end', resolve));
    expect(await readBody(ended, 10)).toMatchObject({ ok: true, bytes: Buffer.alloc(0) });
  });

  it('stops past the limit and destroys the stream, so the rest is never read', async () => {
    const stream = new PassThrough();
    const reading = readBody(stream, 4);
    stream.write('abc');
    stream.write('de');
    expect(await reading).toEqual({ ok: false, tooLarge: true });
    expect(stream.destroyed).toBe(true);
  });

  it('past the limit can instead drain the rest unread, so an uploading client still reads the answer', async () => {
    const stream = new PassThrough();
    const reading = readBody(stream, 4, { overLimit: 'drain' });
    stream.write('abc');
    stream.write('de');
    expect(await reading).toEqual({ ok: false, tooLarge: true });
    expect(stream.destroyed).toBe(false);
    let ended = false;
    stream.on('end', () => (ended = true));
    stream.end('the rest of a large upload');
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toBe(true);
    // An error after the answer is swallowed, not thrown at the process.
    stream.destroy(new Error('client went away'));
    await new Promise((resolve) => setImmediate(resolve));
  });

  it('rejects when the stream fails or closes before its end', async () => {
    const failing = new PassThrough();
    const failed = readBody(failing, 100);
    failing.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    await expect(failed).rejects.toMatchObject({ code: 'ECONNRESET' });

    const closing = new PassThrough();
    const closed = readBody(closing, 100);
    closing.write('partial');
    closing.destroy();
    await expect(closed).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
    await expect(readBody(closing, 100)).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
});
