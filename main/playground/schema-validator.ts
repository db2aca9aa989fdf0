import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidationResult } from '../../domain/ipc/playground-channels';
import { AJV_OPTIONS, DRAFT_07_ID, DRAFT_2020_ID } from './ajv-options';
import { describeErrors } from './ajv-messages';

const DRAFT_2020 = /json-schema\.org\/(draft\/2020-12|draft\/2019-09)/;

/** A meta-schema check as ajv's standalone code exports it. */
type MetaCheck = ((schema: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The precompiled meta-schema checks loaded so far, by meta-schema id; shared by every validator. */
const precompiled = new Map<string, MetaCheck>();

/** The meta-schema a schema names (ajv's default, draft-07, when it names none), without a trailing "#". */
function metaSchemaOf(schema: Record<string, unknown>): string | undefined {
  const $schema = schema.$schema ?? DRAFT_07_ID;
  return typeof $schema === 'string' ? $schema.replace(/#$/, '') : undefined;
}

/**
 * Loads the precompiled checks (`meta-schemas/`) of the meta-schemas these schemas name, so that the
 * first schema of each draft does not wait for ajv to compile its meta-schema (about 50 ms for draft-07).
 * Optional: without it, ajv compiles the meta-schema itself, with the same outcome.
 */
export async function preloadMetaSchemas(schemas: Iterable<Record<string, unknown>>): Promise<void> {
  const wanted = new Set([...schemas].map(metaSchemaOf));
  if (wanted.has(DRAFT_07_ID) && !precompiled.has(DRAFT_07_ID))
    precompiled.set(DRAFT_07_ID, (await import('./meta-schemas/draft-07.generated')).validate as MetaCheck);
  if (wanted.has(DRAFT_2020_ID) && !precompiled.has(DRAFT_2020_ID))
    precompiled.set(DRAFT_2020_ID, (await import('./meta-schemas/draft-2020-12.generated')).validate as MetaCheck);
}

/**
 * Validates tool arguments against each tool's input schema with ajv. Runs in main because ajv compiles
 * schemas to code, which the renderer's CSP (no eval) forbids. Compiled validators are cached per tool.
 */
export class SchemaValidator {
  private readonly cache = new Map<string, ValidateFunction | Error>();
  // Each ajv instance is built on first need (a tool list rarely mixes drafts, and building one costs
  // milliseconds before `companion test`'s first call). Each schema is checked against its meta-schema
  // below, before it is compiled, as ajv would itself.
  private draft7?: Ajv;
  private draft2020?: Ajv2020;

  constructor(private readonly schemas: ReadonlyMap<string, Record<string, unknown>>) {}

  private compiled(tool: string): ValidateFunction | Error | undefined {
    const schema = this.schemas.get(tool);
    if (!schema) return undefined;
    let entry = this.cache.get(tool);
    if (!entry) {
      const $schema = typeof schema.$schema === 'string' ? schema.$schema : '';
      try {
        // A schema is compiled once; its $id must not clash with another tool's in the shared instance.
        const { $id: _id, ...rest } = schema;
        const ajv = DRAFT_2020.test($schema)
          ? (this.draft2020 ??= new Ajv2020({ ...AJV_OPTIONS, validateSchema: false }))
          : (this.draft7 ??= new Ajv({ ...AJV_OPTIONS, validateSchema: false }));
        const meta = precompiled.get(metaSchemaOf(rest) ?? '');
        // What ajv.compile does first with validateSchema on, from the precompiled check when there is one.
        if (!meta)
          void ajv.validateSchema(rest, true); // throws when the schema is invalid
        else if (!meta(rest)) throw new Error(`schema is invalid: ${ajv.errorsText(meta.errors)}`);
        entry = ajv.compile(rest);
      } catch (error) {
        entry = error as Error;
      }
      this.cache.set(tool, entry);
    }
    return entry;
  }

  validate(tool: string, args: unknown): ValidationResult {
    const validate = this.compiled(tool);
    if (validate === undefined) {
      return {
        valid: false,
        issues: [
          { path: '', pointer: '', message: `The gateway lists no tool named "${tool.slice(0, 80)}"; reconnect to refresh the tool list.` },
        ],
      };
    }
    if (validate instanceof Error) {
      // The server's schema is broken: say so, and let the gateway be the judge rather than block every call.
      return {
        valid: true,
        issues: [
          {
            path: '',
            pointer: '',
            message: `The tool's input schema cannot be checked (${validate.message}); arguments are sent unchecked.`,
          },
        ],
      };
    }
    if (validate(args)) return { valid: true, issues: [] };
    return { valid: false, issues: describeErrors(validate.errors ?? [], args, tool) };
  }
}
