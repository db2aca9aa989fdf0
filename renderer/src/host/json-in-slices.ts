/**
 * Reading and parsing multi-megabyte JSON answers without one long main-thread task (a 5 MB tool result
 * used to block the page for over 50 ms at a time). The body is read chunk by chunk and decoded with
 * TextDecoder, instead of by the browser in one go at the end; the text is then cut along its structure
 * (the members of its large objects and arrays) and each piece, at most `piece` characters, is parsed by
 * the native JSON.parse. Between pieces the page gets the thread back whenever a slice of `sliceMs` has
 * been used. The result is exactly JSON.parse's, and so are the failures: a malformed document throws a
 * SyntaxError.
 */

export interface SliceOptions {
  /** Pieces up to this many characters go to JSON.parse whole. */
  readonly piece?: number;
  /** Work this long, then let the page run. */
  readonly sliceMs?: number;
  /** How to let the page run (tests pass their own). */
  readonly pause?: () => Promise<void>;
}

const PIECE = 32 * 1024;
const SLICE_MS = 8;
/** How many characters the structure scan reads between looks at the clock. */
const SCAN_STEP = 16 * 1024;

const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);

/** Gives the page a turn: scheduler.yield where the browser has it (no clamping), else a macrotask. */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Lets the page run once a slice of work is used up. */
function slicer(options: SliceOptions): () => Promise<void> | undefined {
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const pause = options.pause ?? yieldToPage;
  let until = performance.now() + sliceMs;
  return () => {
    if (performance.now() < until) return undefined;
    return pause().then(() => {
      until = performance.now() + sliceMs;
    });
  };
}

export async function parseJsonInSlices(text: string, options: SliceOptions = {}): Promise<unknown> {
  const piece = options.piece ?? PIECE;
  if (text.length <= piece) return JSON.parse(text);
  const breather = slicer(options);
  const work = valueOf(text, 0, text.length, piece);
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    const pause = breather();
    if (pause) await pause;
  }
}

/** A response body as text, read and decoded (UTF-8, as Response.text() does) a chunk at a time. */
export async function readTextInSlices(body: ReadableStream<Uint8Array>, options: SliceOptions = {}): Promise<string> {
  const piece = options.piece ?? PIECE;
  const breather = slicer(options);
  const decoder = new TextDecoder();
  const parts: string[] = [];
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (let at = 0; at < value.length; at += piece) {
      parts.push(decoder.decode(value.subarray(at, at + piece), { stream: true }));
      const pause = breather();
      if (pause) await pause;
    }
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** Bytes as UTF-8 text (as Response.text() reads them), decoded a piece at a time. */
export async function decodeInSlices(bytes: Uint8Array, options: SliceOptions = {}): Promise<string> {
  const piece = options.piece ?? PIECE;
  const breather = slicer(options);
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += piece) {
    parts.push(decoder.decode(bytes.subarray(at, at + piece), { stream: true }));
    const pause = breather();
    if (pause) await pause;
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** A JSON response's value, read and parsed in slices. */
export async function readJsonInSlices(response: Response, options: SliceOptions = {}): Promise<unknown> {
  const text = response.body ? await readTextInSlices(response.body, options) : await response.text();
  return parseJsonInSlices(text, options);
}

function syntaxError(text: string, at: number, what: string): SyntaxError {
  return new SyntaxError(`${what} in JSON at position ${at} (near ${JSON.stringify(text.slice(Math.max(0, at - 10), at + 10))})`);
}

/** The value of text[start, end): small ones whole, large containers member by member. Yields to let the driver look at the clock. */
function* valueOf(text: string, start: number, end: number, piece: number): Generator<void, unknown> {
  while (start < end && WHITESPACE.has(text.charCodeAt(start))) start++;
  while (end > start && WHITESPACE.has(text.charCodeAt(end - 1))) end--;
  const first = text.charCodeAt(start);
  // Scalars (a long string included) have no structure to cut along; JSON.parse reads them in one go.
  if (end - start <= piece || !OPEN.has(first)) return JSON.parse(text.slice(start, end)) as unknown;
  const isArray = first === 0x5b;
  const close = isArray ? 0x5d : 0x7d;
  if (text.charCodeAt(end - 1) !== close) throw syntaxError(text, end - 1, 'Unexpected end or content after the value');
  const members = yield* membersOf(text, start, end, isArray);
  if (isArray) {
    const out: unknown[] = [];
    // Neighbouring small items are parsed together, as one small array.
    let batchFrom = -1;
    let batchTo = -1;
    const flush = () => {
      if (batchFrom < 0) return;
      for (const item of JSON.parse(`[${text.slice(batchFrom, batchTo)}]`) as unknown[]) out.push(item);
      batchFrom = -1;
    };
    for (const [from, to] of members) {
      if (to - from > piece) {
        flush();
        out.push(yield* valueOf(text, from, to, piece));
        yield;
      } else if (batchFrom >= 0 && to - batchFrom <= piece) {
        batchTo = to;
      } else {
        flush();
        batchFrom = from;
        batchTo = to;
        yield;
      }
    }
    flush();
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [from, to, colon] of members) {
    const key = JSON.parse(text.slice(from, colon)) as unknown;
    if (typeof key !== 'string') throw syntaxError(text, from, 'Expected a string key');
    const value = yield* valueOf(text, colon + 1, to, piece);
    // As JSON.parse does: "__proto__" becomes an own property, never the object's prototype.
    Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
    yield;
  }
  return out;
}

/**
 * The members of the container text[start, end): for an array each item's span, for an object each
 * member's span with the position of its colon. Strings are skipped with their escapes; brackets inside
 * members are only counted, JSON.parse checks them later.
 */
function* membersOf(text: string, start: number, end: number, isArray: boolean): Generator<void, Array<[number, number, number]>> {
  const members: Array<[number, number, number]> = [];
  let depth = 0;
  let from = start + 1;
  let colon = -1;
  let nextLook = start + SCAN_STEP;
  const last = end - 1;
  const push = (to: number) => {
    let a = from;
    while (a < to && WHITESPACE.has(text.charCodeAt(a))) a++;
    if (a === to) {
      // Nothing between two commas, or a trailing comma (`[]` and `{}` have no members at all).
      if (members.length > 0 || to !== last || colon >= 0) throw syntaxError(text, to, 'Unexpected token');
      return;
    }
    if (!isArray && colon < 0) throw syntaxError(text, a, 'Expected a colon after the key');
    members.push([a, to, colon]);
  };
  for (let i = start + 1; i < last; i++) {
    if (i >= nextLook) {
      nextLook = i + SCAN_STEP;
      yield;
    }
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // To the closing quote, past escaped characters.
      for (i++; i < last; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
      if (i >= last) throw syntaxError(text, i, 'Unterminated string');
    } else if (OPEN.has(c)) depth++;
    else if (CLOSE.has(c)) {
      if (--depth < 0) throw syntaxError(text, i, 'Unexpected end of the container');
    } else if (depth === 0 && c === COMMA) {
      push(i);
      from = i + 1;
      colon = -1;
    } else if (depth === 0 && c === COLON && !isArray && colon < 0) colon = i;
  }
  if (depth !== 0) throw syntaxError(text, last, 'Unbalanced brackets');
  push(last);
  return members;
}
