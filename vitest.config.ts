import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,platform,registry,github,main,preload,bridge,gateway,renderer,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for something that does happen; its 1 s default is short on a busy 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    // Child-process and HTTPS tests are I/O bound; two cores handle a few files at once.
    maxWorkers: 2,
    // Measured with --coverage (npm test does); what counts is production code, not tests or their helpers.
    coverage: {
      provider: 'v8',
      // The figures print even when a test failed, so a red run still shows where coverage stands.
      reportOnFailure: true,
      include: ['{domain,platform,registry,github,main,preload,bridge,gateway,renderer}/**/*.{ts,tsx}'],
      // Generated code (ajv's standalone meta-schema checks) is held to ajv's own verdicts by its test, not by line coverage.
      exclude: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-support.ts', '**/*.d.ts', '**/*.generated.ts'],
    },
  },
});
