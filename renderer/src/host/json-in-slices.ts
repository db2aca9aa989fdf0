/**
 * Parsing multi-megabyte JSON answers without one long main-thread task (a 5 MB tool result used to
 * block the page for over 50 ms at a time). The UTF-8 bytes are cut along their structure (`cutJson`):
 * large objects and arrays into runs of neighbouring members, each run at most `piece` bytes, and
 * members larger than that cut further. Each run is then decoded and given to the native JSON.parse, and
 * the values are put together as the document nests them. The cut can be made apart from the parse:
 * browser mode's worker makes it off the page (invoke-worker.ts) and hands it over with the bytes, both
 * without copying, so the page never holds the whole text and only decodes and parses, run by run.
 * Between runs the page gets the thread back whenever a slice of `sliceMs` has been used: one budget
 * across cutting and parsing. The result is exactly what JSON.parse gives for the text Response.text()
 * would decode (a byte-order mark dropped, bad bytes replaced), and so are the failures: a malformed
 * document throws a SyntaxError.
 */

export interface SliceOptions {
  /** Runs up to this many bytes go to JSON.parse whole. */
  readonly piece?: number;
  /** Work this long, then let the page run. */
  readonly sliceMs?: number;
  /** How to let the page run (tests pass their own). */
  readonly pause?: () => Promise<void>;
}

const PIECE = 32 * 1024;
const SLICE_MS = 8;
/** How many bytes the structure scan reads between looks at the clock. */
const SCAN_STEP = 16 * 1024;

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/*
 * The cut of a document, as numbers (a Uint32Array a worker can hand over without copying), depth first:
 * `WHOLE from to` is a value parsed whole; `ARRAY n` and `OBJECT n` are followed by their n parts, each
 * either `RUN from to` (neighbouring items or members, parsed together as one small array or object) or,
 * for a large one, an array item's cut, or `MEMBER keyFrom colon` followed by an object value's cut.
 * Positions are byte offsets. In UTF-8 no byte of a multi-byte character is below 0x80, so the scan
 * finds the same quotes, brackets, commas and colons in the bytes as in the text, and every run starts
 * and ends at one of them or at ASCII white space: decoding run by run gives the characters decoding
 * the whole would.
 */
const WHOLE = 0;
const ARRAY = 1;
const OBJECT = 2;
const RUN = 3;
const MEMBER = 4;

const isWhitespace = (b: number | undefined) => b === SPACE || b === LF || b === CR || b === TAB;

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

/**
 * One budget of time for pieces of work run one after the other: each runs to its end, letting the page
 * run whenever a slice of `sliceMs` is used up.
 */
function slicer(options: SliceOptions): <T>(work: Generator<void, T>) => Promise<T> {
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const pause = options.pause ?? yieldToPage;
  let until = performance.now() + sliceMs;
  return async (work) => {
    for (;;) {
      const step = work.next();
      if (step.done) return step.value;
      if (performance.now() < until) continue;
      await pause();
      until = performance.now() + sliceMs;
    }
  };
}

/** Runs a piece of work to its end at once (in a worker, where there is no page to give the thread to). */
function atOnce<T>(work: Generator<void, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** The bytes after a UTF-8 byte-order mark, which Response.text() drops too. */
function withoutBom(bytes: Uint8Array): Uint8Array {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

/**
 * The cut of a document longer than `piece` bytes (see WHOLE), for `parseJsonInSlices`; undefined for a
 * short one, which is parsed whole. Throws a SyntaxError where the structure is broken. It runs to its
 * end without pauses: it is for a worker.
 */
export function cutJson(bytes: Uint8Array, piece = PIECE): Uint32Array | undefined {
  const body = withoutBom(bytes);
  return body.length <= piece ? undefined : Uint32Array.from(atOnce(cutOf(body, piece)));
}

/**
 * The value of a JSON document given as UTF-8 bytes, parsed in slices. `cut` is its cut when it was made
 * elsewhere (by `cutJson` in a worker); otherwise it is made here, in slices too. The value is handed
 * over after a last pause, so that the caller's work with it (rendering it) starts a task of its own
 * instead of adding to the last slice.
 */
export async function parseJsonInSlices(bytes: Uint8Array, options: SliceOptions & { readonly cut?: Uint32Array } = {}): Promise<unknown> {
  const piece = options.piece ?? PIECE;
  const body = withoutBom(bytes);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  if (body.length <= piece) return JSON.parse(decoder.decode(body));
  const inSlices = slicer(options);
  let value: unknown;
  try {
    const cut = options.cut ?? Uint32Array.from(await inSlices(cutOf(body, piece)));
    value = await inSlices(assemble(body, cut, decoder));
  } catch (error) {
    // Large containers nested deeper than the cut's recursion can follow (tens of thousands of levels,
    // which no JSON.stringify writes): JSON.parse reads them, in one go.
    if (!(error instanceof RangeError)) throw error;
    value = JSON.parse(decoder.decode(body));
  }
  await (options.pause ?? yieldToPage)();
  return value;
}

/** A JSON response's value, parsed in slices. */
export async function readJsonInSlices(response: Response, options: SliceOptions = {}): Promise<unknown> {
  return parseJsonInSlices(new Uint8Array(await response.arrayBuffer()), options);
}

function syntaxError(at: number, what: string): SyntaxError {
  return new SyntaxError(`${what} in JSON at byte ${at}`);
}

/** A cut being built: numbers, and the cuts of large members in their places (flattened at the end). */
type Cut = Array<number | Cut>;

/** A container the scan is inside. */
interface Open {
  start: number;
  isArray: boolean;
  /** Where its members' spans begin in the scan's list of spans. */
  spansAt: number;
  /** Where its current member begins, and that member's colon (in an object). */
  from: number;
  colon: number;
  /** The cuts of its large containers, in order, with their spans (none for most containers). */
  inner: Array<{ start: number; end: number; cut: Cut }> | undefined;
}

/**
 * The cut of a document (see WHOLE), in one pass over its bytes: small values and scalars (a long string
 * included, which has no structure to cut along) whole, large containers as runs of members and large
 * members cut further. Every container's member spans are noted as the scan goes, and dropped when it
 * closes small. Yields to let the driver look at the clock.
 */
function* cutOf(bytes: Uint8Array, piece: number): Generator<void, number[]> {
  let start = 0;
  let end = bytes.length;
  while (start < end && isWhitespace(bytes[start])) start++;
  while (end > start && isWhitespace(bytes[end - 1])) end--;
  const first = bytes[start];
  if (end - start <= piece || (first !== OPEN_ARRAY && first !== OPEN_OBJECT)) return [WHOLE, start, end];
  /** The spans of the open containers' members so far: from, to (exclusive) and colon, three numbers each. */
  const spans: number[] = [];
  // The open containers, innermost last; their records are reused.
  const open: Open[] = [];
  let depth = 0;
  let root: Cut | undefined;
  let nextLook = start + SCAN_STEP;
  /** Notes the member of `o` that ends at `to` (a comma, or the container's end). */
  const endMember = (o: Open, to: number, closing: boolean) => {
    let a = o.from;
    while (a < to && isWhitespace(bytes[a])) a++;
    if (a === to) {
      // Nothing between two commas, or a trailing comma (`[]` and `{}` have no members at all).
      if (spans.length > o.spansAt || !closing || o.colon >= 0) throw syntaxError(to, 'Unexpected token');
      return;
    }
    if (!o.isArray && o.colon < 0) throw syntaxError(a, 'Expected a colon after the key');
    spans.push(a, to, o.colon);
  };
  for (let i = start; i < end; i++) {
    if (i >= nextLook) {
      nextLook = i + SCAN_STEP;
      yield;
    }
    const c = bytes[i];
    if (c === QUOTE) {
      // To the closing quote (found natively: strings are most of a document): one not escaped, that is
      // after an even number of backslashes.
      for (;;) {
        i = bytes.indexOf(QUOTE, i + 1);
        if (i < 0 || i >= end) throw syntaxError(end, 'Unterminated string');
        let backslashes = 0;
        while (bytes[i - 1 - backslashes] === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) break;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      const o = (open[depth++] ??= { start: 0, isArray: false, spansAt: 0, from: 0, colon: -1, inner: undefined });
      o.start = i;
      o.isArray = c === OPEN_ARRAY;
      o.spansAt = spans.length;
      o.from = i + 1;
      o.colon = -1;
      o.inner = undefined;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      const o = depth > 0 ? open[--depth]! : undefined;
      if (!o || o.isArray !== (c === CLOSE_ARRAY)) throw syntaxError(i, 'Unexpected end of a container');
      endMember(o, i, true);
      if (i + 1 - o.start > piece) {
        const cut = containerCut(bytes, o, spans, piece);
        if (depth > 0) (open[depth - 1]!.inner ??= []).push({ start: o.start, end: i + 1, cut });
        else root = cut;
      }
      spans.length = o.spansAt;
      // The document is this one value.
      if (depth === 0 && i !== end - 1) throw syntaxError(i + 1, 'Unexpected content after the value');
    } else if (c === COMMA) {
      const o = open[depth - 1]!;
      endMember(o, i, false);
      o.from = i + 1;
      o.colon = -1;
    } else if (c === COLON) {
      const o = open[depth - 1]!;
      if (!o.isArray && o.colon < 0) o.colon = i;
    }
  }
  if (depth !== 0 || !root) throw syntaxError(end, 'Unexpected end of the document');
  const flat: number[] = [];
  const add = (cut: Cut) => {
    for (const part of cut) {
      if (typeof part === 'number') flat.push(part);
      else add(part);
    }
  };
  add(root);
  return flat;
}

/** The cut of a large container that just closed, from its members' spans and its large members' cuts. */
function containerCut(bytes: Uint8Array, o: Open, spans: readonly number[], piece: number): Cut {
  const cut: Cut = [o.isArray ? ARRAY : OBJECT, 0];
  let parts = 0;
  let inner = 0;
  let runFrom = -1;
  let runTo = -1;
  const endRun = () => {
    if (runFrom < 0) return;
    cut.push(RUN, runFrom, runTo);
    parts++;
    runFrom = -1;
  };
  for (let s = o.spansAt; s < spans.length; s += 3) {
    const from = spans[s]!;
    const to = spans[s + 1]!;
    const colon = spans[s + 2]!;
    if (to - from <= piece) {
      if (runFrom >= 0 && to - runFrom <= piece) runTo = to;
      else {
        endRun();
        runFrom = from;
        runTo = to;
      }
      continue;
    }
    endRun();
    let valueFrom = o.isArray ? from : colon + 1;
    while (isWhitespace(bytes[valueFrom])) valueFrom++;
    let valueTo = to;
    while (isWhitespace(bytes[valueTo - 1])) valueTo--;
    if (!o.isArray) cut.push(MEMBER, from, colon);
    const large = o.inner?.[inner];
    if (large?.start === valueFrom) {
      inner++;
      if (large.end !== valueTo) throw syntaxError(large.end, 'Unexpected content after a value');
      cut.push(large.cut);
    } else cut.push(WHOLE, valueFrom, valueTo);
    parts++;
  }
  endRun();
  cut[1] = parts;
  return cut;
}

/** As JSON.parse does: "__proto__" becomes an own property, never the object's prototype. */
function define(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The value of a cut document: each run and whole value decoded and parsed, put together as the cut says. Yields after each. */
function* assemble(bytes: Uint8Array, cut: Uint32Array, decoder: TextDecoder): Generator<void, unknown> {
  let at = 0;
  const next = () => cut[at++]!;
  const text = (from: number, to: number) => decoder.decode(bytes.subarray(from, to));
  function* value(): Generator<void, unknown> {
    const op = next();
    if (op === WHOLE) {
      const whole = JSON.parse(text(next(), next())) as unknown;
      yield;
      return whole;
    }
    const count = next();
    if (op === ARRAY) {
      const items: unknown[] = [];
      for (let i = 0; i < count; i++) {
        if (cut[at] !== RUN) items.push(yield* value());
        else {
          at++;
          for (const item of JSON.parse(`[${text(next(), next())}]`) as unknown[]) items.push(item);
          yield;
        }
      }
      return items;
    }
    const members: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const kind = next();
      const from = next();
      const to = next();
      if (kind === MEMBER) {
        const key = JSON.parse(text(from, to)) as unknown;
        if (typeof key !== 'string') throw syntaxError(from, 'Expected a string key');
        define(members, key, yield* value());
      } else {
        const part = JSON.parse(`{${text(from, to)}}`) as Record<string, unknown>;
        for (const key of Object.keys(part)) define(members, key, part[key]);
        yield;
      }
    }
    return members;
  }
  return yield* value();
}
