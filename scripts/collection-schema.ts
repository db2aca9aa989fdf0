/**
 * Writes docs/schemas/collection.schema.json, the published JSON Schema of a collection file, from the
 * zod schema the app reads collections with (`domain/collections/format.ts`). Run after changing the
 * format: `npx tsx scripts/collection-schema.ts` (then `npx prettier --write docs/schemas`); `scripts/collection-schema.test.ts` fails until then.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CollectionSchema } from '../domain/collections/format';

export const SCHEMA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'schemas', 'collection.schema.json');

export function collectionJsonSchema(): string {
  const schema = z.toJSONSchema(CollectionSchema, { target: 'draft-2020-12', io: 'input' });
  return `${JSON.stringify({ ...schema, title: 'Gateway Companion collection' }, null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, collectionJsonSchema());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
