/**
 * JSON Pointer (RFC 6901): `/routes/0/steps/0/id` names one value inside a JSON document, `~1` standing
 * for `/` and `~0` for `~` in a key. Collections use it to say where an assertion looks and what an item
 * extracts. No library for it is installed, and the rules fit in a page.
 */

export type PointerLookup = { readonly found: true; readonly value: unknown } | { readonly found: false; readonly missingAt: string };

/** Whether text is a well-formed pointer: empty (the whole document) or `/`-separated tokens. */
export function isJsonPointer(text: string): boolean {
  return text === '' || (text.startsWith('/') && !/~(?![01])/.test(text));
}

/** The tokens of a pointer, unescaped. Throws on a malformed pointer. */
export function pointerTokens(pointer: string): string[] {
  if (!isJsonPointer(pointer))
    throw new Error(`"${pointer}" is not a JSON Pointer: it must be empty or start with "/", and "~" must be followed by 0 or 1.`);
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A pointer from tokens, escaped. */
export function pointerOf(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * The value a pointer names, or the longest prefix that exists' first missing step (`missingAt`), so a
 * message can say where the document ended. Only own properties count; `-` (past the end) names nothing.
 */
export function resolvePointer(document: unknown, pointer: string): PointerLookup {
  let current: unknown = document;
  const tokens = pointerTokens(pointer);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const missing = { found: false, missingAt: pointerOf(tokens.slice(0, i + 1)) } as const;
    if (Array.isArray(current)) {
      if (!ARRAY_INDEX.test(token) || Number(token) >= current.length) return missing;
      current = current[Number(token)];
    } else if (current !== null && typeof current === 'object') {
      if (!Object.hasOwn(current, token)) return missing;
      current = (current as Record<string, unknown>)[token];
    } else {
      return missing;
    }
  }
  return { found: true, value: current };
}
