import { join } from 'node:path';
import { ROOT } from './peers';

/** Vitest's JSON report of the last interop run, which scripts/test.ts adds to its tally. */
export const INTEROP_RESULTS = join(ROOT, 'test-results', 'interop.json');
