// The precompiled meta-schema checks are what ajv generates from the installed version.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DRAFT_07_ID, DRAFT_2020_ID } from '../main/playground/ajv-options';
import { META_SCHEMA_FILES, metaSchemaModule } from './ajv-meta-schemas';

describe('main/playground/meta-schemas', () => {
  it.each([DRAFT_07_ID, DRAFT_2020_ID] as const)('%s is up to date (run: npx tsx scripts/ajv-meta-schemas.ts)', async (id) => {
    expect(readFileSync(META_SCHEMA_FILES[id], 'utf8')).toBe(await metaSchemaModule(id));
  });
});
