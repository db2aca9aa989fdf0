/**
 * Logo uploads arrive in parts (LOGO_PART_BYTES each) and are joined when inspected. Parts
 * are held in memory only briefly: an upload not finished within a few minutes is dropped.
 */
import { MAX_LOGO_SOURCE_BYTES } from '../../../domain/ipc/registry-channels';
import { ServiceError } from '../service-error';

const KEEP_MS = 5 * 60_000;
const MAX_OPEN_UPLOADS = 4;

interface Upload {
  parts: Buffer[];
  size: number;
  touched: number;
}

export interface LogoUploads {
  /** Stores one part; returns how many parts have arrived. */
  put(uploadId: string, index: number, part: Uint8Array): number;
  /** Joins and forgets the upload; every part from 0 to parts-1 must be there. */
  take(uploadId: string, parts: number): Buffer;
}

export function createLogoUploads(now: () => number = Date.now): LogoUploads {
  const uploads = new Map<string, Upload>();
  const sweep = () => {
    for (const [id, u] of uploads) if (now() - u.touched > KEEP_MS) uploads.delete(id);
    // Oldest first: Map keeps insertion order.
    while (uploads.size > MAX_OPEN_UPLOADS) uploads.delete(uploads.keys().next().value!);
  };
  return {
    put(uploadId, index, part) {
      sweep();
      const upload = uploads.get(uploadId) ?? { parts: [], size: 0, touched: now() };
      // A copy: the caller's array may be a view on a larger request buffer.
      const bytes = Buffer.from(part);
      upload.size += bytes.length - (upload.parts[index]?.length ?? 0);
      if (upload.size > MAX_LOGO_SOURCE_BYTES) {
        uploads.delete(uploadId);
        throw new ServiceError(
          'logo_too_big',
          'The image is over 30 MB. Choose a smaller export of your logo (about 1000×1000 px is plenty).',
        );
      }
      upload.parts[index] = bytes;
      upload.touched = now();
      uploads.set(uploadId, upload);
      return upload.parts.filter(Boolean).length;
    },
    take(uploadId, parts) {
      const upload = uploads.get(uploadId);
      uploads.delete(uploadId);
      const pieces = upload ? Array.from({ length: parts }, (_, i) => upload.parts[i]) : [];
      if (!upload || upload.parts.length !== parts || pieces.some((p) => !p)) {
        throw new ServiceError('upload_incomplete', 'The image did not arrive completely. Drop it on the Logo area again.');
      }
      return Buffer.concat(pieces as Buffer[]);
    },
  };
}
