import { defineConfig } from 'vitest/config';

// The interop tests (`npm run test:interop`): real MCP peers from the npm registry, installed in .cache/peers.
// Kept apart from `npm run test:unit`; scripts/test.ts runs them in CI or with COMPANION_INTEROP=1.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['interop/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Each host is a heavy process tree; two files at a time on the two cores.
    maxWorkers: 2,
  },
});
