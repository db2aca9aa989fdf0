import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidationResult } from '../../domain/ipc/playground-channels';
import { describeErrors } from './ajv-messages';

const DRAFT_2020 = /json-schema\.org\/(draft\/2020-12|draft\/2019-09)/;
const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

/**
 * Validates tool arguments against each tool's input schema with ajv. Runs in main because ajv compiles
 * schemas to code, which the renderer's CSP (no eval) forbids. Compiled validators are cached per tool.
 */
export class SchemaValidator {
  private readonly cache = new Map<string, ValidateFunction | Error>();
  // Each ajv instance is built on first need (a tool list rarely mixes drafts, and building one costs
  // milliseconds before `companion test`'s first call). Lenient about vocabulary a server may add
  // (titles, examples, custom keywords), strict about data.
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
        const ajv = DRAFT_2020.test($schema) ? (this.draft2020 ??= new Ajv2020(AJV_OPTIONS)) : (this.draft7 ??= new Ajv(AJV_OPTIONS));
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
