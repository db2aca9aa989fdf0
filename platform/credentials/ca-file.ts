import { FileReadError, readBoundedFile } from '../files/bounded-read';

const PEM_CERTIFICATE = '-----BEGIN CERTIFICATE-----';

export type CaFileRead =
  | { readonly ok: true; readonly pem: string }
  /** `unreadable`: the file itself could not be read (else it was read but holds no certificate). */
  | { readonly ok: false; readonly problem: string; readonly unreadable: boolean };

/**
 * A PEM CA bundle named by a profile or an option (a profile's caFile, --ca-file, NODE_EXTRA_CA_CERTS),
 * read within the CA-file cap, so a FIFO or /dev/zero there cannot stall or exhaust the app. A refusal
 * is a `problem` in words that follow the file's name ("is a folder, not a regular file; …"), for the
 * caller to place in its own message.
 */
export async function readCaFile(file: string): Promise<CaFileRead> {
  let text: string;
  try {
    text = (await readBoundedFile(file, { limit: 'caFile' })).toString('utf8');
  } catch (error) {
    if (error instanceof FileReadError) return { ok: false, problem: error.detail, unreadable: true };
    throw error;
  }
  if (!text.includes(PEM_CERTIFICATE)) return { ok: false, problem: `holds no PEM certificate ("${PEM_CERTIFICATE}")`, unreadable: false };
  return { ok: true, pem: text };
}
