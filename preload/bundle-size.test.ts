import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PRELOAD = path.resolve(import.meta.dirname, '../out/preload/index.cjs');
const LIMIT = 30 * 1024;

// The preload forwards channel names; validation (and zod) live in main. A preload that grows past this
// has pulled in a schema or a library it should not carry.
describe('built preload', () => {
  it(`is at most ${LIMIT / 1024} KB and carries no zod`, () => {
    const size = statSync(PRELOAD, { throwIfNoEntry: false })?.size;
    expect(size, 'build first: npx electron-vite build').toBeDefined();
    expect(size).toBeLessThanOrEqual(LIMIT);
    expect(readFileSync(PRELOAD, 'utf8')).not.toMatch(/ZodError|\$ZodType/);
  });
});
