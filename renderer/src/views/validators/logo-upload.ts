/**
 * Sends a chosen image to main in parts of LOGO_PART_BYTES, as bytes: the browser reads each slice of the
 * file off the page's thread, and the transport sends it as it is (Electron clones it over IPC, browser
 * mode makes it the request body), so no base64 or multi-megabyte JSON string is built on the page.
 * A few parts are in flight at once, so reading and sending overlap.
 */
import type { CompanionApi } from '../../../../domain/ipc/facade';
import { LOGO_PART_BYTES } from '../../../../domain/ipc/registry-channels';

/** Parts in flight at once: enough to keep the connection busy, few enough to leave the page free. */
const CONCURRENCY = 4;

export const partsFor = (bytes: number) => Math.max(1, Math.ceil(bytes / LOGO_PART_BYTES));

async function readBytes(blob: Blob): Promise<Uint8Array> {
  try {
    return new Uint8Array(await blob.arrayBuffer());
  } catch {
    throw new Error('The file could not be read. Choose it again, or copy it to your computer first.');
  }
}

/** Uploads `file` and returns the id to inspect it by, with its number of parts. */
export async function uploadFile(api: CompanionApi, file: Blob): Promise<{ uploadId: string; parts: number }> {
  const uploadId = `logo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const parts = partsFor(file.size);
  let next = 0;
  const worker = async () => {
    while (next < parts) {
      const i = next++;
      const bytes = await readBytes(file.slice(i * LOGO_PART_BYTES, (i + 1) * LOGO_PART_BYTES));
      await api.registry.uploadLogoPart(uploadId, i, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, parts) }, worker));
  return { uploadId, parts };
}
