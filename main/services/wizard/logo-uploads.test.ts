import { describe, expect, it } from 'vitest';
import { MAX_LOGO_SOURCE_BYTES } from '../../../domain/ipc/registry-channels';
import { ServiceError } from '../service-error';
import { createLogoUploads } from './logo-uploads';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof ServiceError) return e.code;
    throw e;
  }
  return 'no error';
};

describe('logo uploads in parts', () => {
  it('joins parts in index order, whatever order they arrive in, and forgets the upload', () => {
    const uploads = createLogoUploads();
    expect(uploads.put('upload-1', 1, Buffer.from('world'))).toBe(1);
    expect(uploads.put('upload-1', 0, Buffer.from('hello '))).toBe(2);
    expect(uploads.take('upload-1', 2).toString()).toBe('hello world');
    expect(code(() => uploads.take('upload-1', 2))).toBe('upload_incomplete');
  });

  it("keeps its own copy of a part, not a view on the caller's buffer", () => {
    const uploads = createLogoUploads();
    const request = Buffer.from('xxabcxx');
    uploads.put('upload-4', 0, request.subarray(2, 5));
    request.fill(0);
    expect(uploads.take('upload-4', 1).toString()).toBe('abc');
  });

  it('refuses an upload with a missing part or a wrong part count', () => {
    const uploads = createLogoUploads();
    uploads.put('upload-2', 0, new Uint8Array(3));
    uploads.put('upload-2', 2, new Uint8Array(3));
    expect(code(() => uploads.take('upload-2', 3))).toBe('upload_incomplete');
    uploads.put('upload-3', 0, new Uint8Array(3));
    expect(code(() => uploads.take('upload-3', 2))).toBe('upload_incomplete');
  });

  it('refuses more than 30 MB in total', () => {
    const uploads = createLogoUploads();
    const part = new Uint8Array(8 * 1024 * 1024);
    const parts = Math.ceil(MAX_LOGO_SOURCE_BYTES / (8 * 1024 * 1024));
    for (let i = 0; i < parts - 1; i++) uploads.put('big-upload', i, part);
    expect(code(() => uploads.put('big-upload', parts, part))).toBe('logo_too_big');
    expect(code(() => uploads.take('big-upload', parts))).toBe('upload_incomplete');
  });

  it('drops uploads left unfinished for minutes', () => {
    let now = 0;
    const uploads = createLogoUploads(() => now);
    uploads.put('stale-upload', 0, new Uint8Array(3));
    now += 10 * 60_000;
    uploads.put('fresh-upload', 0, new Uint8Array(3));
    expect(code(() => uploads.take('stale-upload', 1))).toBe('upload_incomplete');
    expect(uploads.take('fresh-upload', 1)).toHaveLength(3);
  });
});
