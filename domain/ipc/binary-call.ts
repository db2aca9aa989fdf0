/**
 * Browser mode's wire form of a call with one byte-array argument (a logo part): the bytes are the request
 * body as they are, and the channel and the other arguments ride in one header. Base64 in JSON would cost
 * the page a base64 encode, a JSON string of megabytes and its UTF-8 copy on its own thread, per part.
 * Electron needs none of this: its IPC clones a Uint8Array as it is.
 */
export const BINARY_CALL_TYPE = 'application/octet-stream';
export const BINARY_CALL_HEADER = 'X-Companion-Call';

/** The header of a call whose argument at `binary` is the body (left out of `args` as null). */
interface BinaryCallHeader {
  channel: string;
  args: unknown[];
  binary: number;
}

/** Splits a call whose arguments hold a Uint8Array into its header and body; undefined for a plain call. */
export function toBinaryCall(channel: string, args: readonly unknown[]): { header: string; body: Uint8Array<ArrayBuffer> } | undefined {
  const binary = args.findIndex((arg) => arg instanceof Uint8Array);
  if (binary < 0) return undefined;
  const header: BinaryCallHeader = { channel, args: args.map((arg, i) => (i === binary ? null : arg)), binary };
  // Header values must be visible ASCII: percent-encoding keeps any string argument intact.
  // Parts come from Blob.arrayBuffer(), never from shared memory, so fetch takes them as a body.
  return { header: encodeURIComponent(JSON.stringify(header)), body: args[binary] as Uint8Array<ArrayBuffer> };
}

/** The call back from its header and body, or undefined when the header is not one `toBinaryCall` makes. */
export function fromBinaryCall(header: string, body: Uint8Array): { channel: unknown; args: unknown[] } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(header));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { channel, args, binary } = parsed as Partial<BinaryCallHeader>;
  if (!Array.isArray(args) || !Number.isInteger(binary) || binary! < 0 || binary! >= args.length || args[binary!] !== null)
    return undefined;
  return { channel, args: args.map((arg: unknown, i) => (i === binary ? body : arg)) };
}
