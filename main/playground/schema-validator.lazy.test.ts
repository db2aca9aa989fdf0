import { describe, expect, it, vi } from 'vitest';

// Counts the draft 2020-12 instances built, around the real class.
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('ajv/dist/2020.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('ajv/dist/2020.js')>();
  class CountingAjv2020 extends real.Ajv2020 {
    constructor(...args: ConstructorParameters<typeof real.Ajv2020>) {
      super(...args);
      built.count++;
    }
  }
  return { ...real, Ajv2020: CountingAjv2020 };
});

const { SchemaValidator } = await import('./schema-validator');

const draft7 = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
const draft2020 = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...draft7 };

describe('SchemaValidator builds each ajv instance on first need', () => {
  it('builds no draft 2020-12 instance for draft-07 schemas, and one for any number of 2020-12 schemas', () => {
    built.count = 0;
    const validator = new SchemaValidator(
      new Map([
        ['old', draft7],
        ['new', draft2020],
        ['newer', draft2020],
      ]),
    );
    expect(built.count).toBe(0);
    expect(validator.validate('old', { a: 1 }).valid).toBe(false);
    expect(built.count).toBe(0);
    expect(validator.validate('new', { a: 'x' }).valid).toBe(true);
    expect(validator.validate('newer', {}).valid).toBe(false);
    expect(built.count).toBe(1);
  });
});
