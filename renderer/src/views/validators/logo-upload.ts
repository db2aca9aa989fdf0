/**
 * Sends a chosen image to main in parts (LOGO_PART_CHARS of base64 each). Each part is read from the
 * file and sent from its own task, a few at a time, so reading and sending overlap and the page keeps
 * drawing: one multi-megabyte request would hold the page's thread while the browser encodes it.
 */
import type { CompanionApi } from '../../../../domain/ipc/facade';
import { LOGO_PART_CHARS } from '../../../../domain/ipc/registry-channels';

/** Bytes per part: base64 turns 3 bytes into 4 characters, so parts join back exactly. */
const PART_BYTES = (LOGO_PART_CHARS / 4) * 3;
/** Parts in flight at once: enough to keep the connection busy, few enough to leave the page free. */
const CONCURRENCY = 4;

export const partsFor = (bytes: number) => Math.max(1, Math.ceil(bytes / PART_BYTES));

function readBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = reader.result as string; // readAsDataURL gives a string
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error('The file could not be read. Choose it again, or copy it to your computer first.'));
    reader.readAsDataURL(blob);
  });
}

/** Uploads `file` and returns the id to inspect it by, with its number of parts. */
export async function uploadFile(api: CompanionApi, file: Blob): Promise<{ uploadId: string; parts: number }> {
  const uploadId = `logo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const parts = partsFor(file.size);
  let next = 0;
  const worker = async () => {
    while (next < parts) {
      const i = next++;
      const base64 = await readBase64(file.slice(i * PART_BYTES, (i + 1) * PART_BYTES));
      await api.registry.uploadLogoPart(uploadId, i, base64);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, parts) }, worker));
  return { uploadId, parts };
}
