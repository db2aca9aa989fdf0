import { describe, expect, it } from 'vitest';
import { BLOCKING, scan } from './security-scan';

describe('security scan gate', () => {
  it('the app has no HIGH or MEDIUM electronegativity finding', async () => {
    const { findings, checks } = await scan(['main', 'preload', 'renderer']);
    expect(checks).toBeGreaterThan(20);
    expect(findings.filter((f) => BLOCKING.has(f.severity))).toEqual([]);
  }, 120_000);

  it('the gate is live: an insecure window is reported as HIGH', async () => {
    const { findings } = await scan(['scripts/fixtures/insecure-app']);
    const ids = findings.filter((f) => BLOCKING.has(f.severity)).map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'LIMIT_NAVIGATION_GLOBAL_CHECK']));
  }, 120_000);
});
