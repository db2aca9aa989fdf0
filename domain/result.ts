/**
 * The outcome of every check in the domain module: either the normalised value, or a stable
 * machine code plus a message a non-programmer can act on. Checks never throw on bad input.
 */
export type Check<T = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: string; readonly message: string };

export const ok = <T>(value: T): Check<T> => ({ ok: true, value });
export const fail = <T = never>(code: string, message: string): Check<T> => ({ ok: false, code, message });
