/** Rules of the collection format that the zod schema (`format.ts`) and the zod-free check (`quick-check.ts`) share. */

/** A variable's name: `{{name}}` in a value, a key of "variables", "extract" and an environment file. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
/** A JSON Pointer (RFC 6901) as a pattern, the same rule as isJsonPointer, so the published JSON Schema carries it too. */
export const POINTER_PATTERN = /^(?:$|\/(?:[^~]|~[01])*$)/;
