/**
 * How the app's ajv instances check tools' schemas: lenient about vocabulary a server may add (titles,
 * examples, custom keywords), strict about data. Shared with `scripts/ajv-meta-schemas.ts`, which
 * precompiles the meta-schema checks with the same options.
 */
export const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

/** The meta-schemas ajv knows by default: draft-07 (also for a schema without `$schema`) and draft 2020-12. */
export const DRAFT_07_ID = 'http://json-schema.org/draft-07/schema';
export const DRAFT_2020_ID = 'https://json-schema.org/draft/2020-12/schema';
