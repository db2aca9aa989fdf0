// The official MCP conformance suite (server scenarios of the 2025-11-25 and 2026-07-28 eras) against the reference
// gateway, directly and through our bridge. The suite cannot send custom headers, so "directly" goes through a loopback front that
// only adds the two credential headers; "through the bridge" puts the SDK's Streamable HTTP server in front of
// `node out/main/cli.js bridge` (one bridge per session), which forwards to the gateway over HTTPS.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listServerScenarios, runConformance, type ScenarioResult } from './support/conformance';
import { saveReport } from './support/report';
import { startHeaderProxy } from './support/header-proxy';
import { describePeer } from './support/peers';
import { describeRun } from './support/run';
import { startStdioHttpFront } from './support/stdio-http-front';
import { startWorld, type World } from './support/world';

const ERA = '2025-11-25';
/** The stateless era: the gateway serves it on the same URL, so every one of its server scenarios must pass. */
const MODERN_ERA = '2026-07-28';
const CLI = path.resolve('out/main/cli.js');

/**
 * Scenarios that test a server as such. The others need the suite's own fixtures (tools named test_*, prompts,
 * resources, logging, completions), which a gateway with 13 domain tools does not and should not have.
 */
const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
  'server-session-lifecycle',
];
/**
 * The scenarios the 2026-07-28 revision requires (`--requirements 2026-07-28`) that do not apply to this gateway,
 * each with why. Every other one must pass.
 */
const FIXTURES = "calls the suite's own fixture tools";
const MODERN_NOT_APPLICABLE: Record<string, string> = {
  ...Object.fromEntries(
    ['simple-text', 'image', 'audio', 'embedded-resource', 'mixed-content', 'error', 'with-progress'].map((t) => [
      `tools-call-${t}`,
      `${FIXTURES} (test_*)`,
    ]),
  ),
  'json-schema-2020-12': `${FIXTURES} (json_schema_2020_12_tool)`,
  ...Object.fromEntries(
    ['list', 'get-simple', 'get-with-args', 'get-embedded-resource', 'get-with-image'].map((t) => [
      `prompts-${t}`,
      'the gateway has no prompts',
    ]),
  ),
  ...Object.fromEntries(
    ['list', 'read-text', 'read-binary', 'templates-read'].map((t) => [`resources-${t}`, 'the gateway has no resources']),
  ),
  'completion-complete': 'the gateway has no prompts or resource templates to complete',
  caching: "lists prompts, resources and resource templates, which the gateway does not have (tools/list's caching hints pass)",
  'http-custom-header-server-validation': 'needs a tool whose input schema maps parameters to x-mcp-header headers; the 13 tools have none',
  ...Object.fromEntries(
    [
      'basic-elicitation',
      'basic-sampling',
      'basic-list-roots',
      'request-state',
      'multiple-input-requests',
      'multi-round',
      'non-tool-request',
      'result-type',
      'tampered-state',
      'capability-check',
    ].map((t) => [`input-required-result-${t}`, `${FIXTURES} that ask the client for input; no gateway tool needs input from the user`]),
  ),
  ...Object.fromEntries(
    [
      'capability-negotiation',
      'dispatch-and-envelope',
      'lifecycle',
      'mrtr-composition',
      'mrtr-input',
      'request-headers',
      'request-state-removal',
      'required-task-error',
      'status-notifications',
      'wire-fields',
    ].map((t) => [`tasks-${t}`, 'the gateway does not offer the tasks extension (every tool answers within its call)']),
  ),
};
/** Applicable 2026-07-28 scenarios that must be in the run and pass. */
const MODERN_MUST_PASS = [
  'server-stateless',
  'http-header-validation',
  'tools-list',
  'input-required-result-unsupported-methods',
  'dns-rebinding-protection',
];
/** Checks of applicable scenarios that only the suite's diagnostic tools can exercise; the suite reports them "Not testable" as failures. */
const MODERN_NOT_TESTABLE: Record<string, string[]> = {
  'server-stateless': [
    'sep-2575-server-rejects-undeclared-capability',
    'sep-2575-missing-capability-http-400',
    'sep-2575-http-server-no-independent-requests-on-stream',
    'sep-2575-server-no-log-without-loglevel',
  ],
};
/** This one checks the HTTP server's Host/Origin checks: through the bridge that is the SDK front, not the bridge. */
const FRONT_ONLY = new Set(['dns-rebinding-protection']);

let world: World;
beforeAll(async () => {
  world = await startWorld('conformance');
});
afterAll(async () => {
  await world?.close();
});

const summary = (s: Record<string, ScenarioResult>) =>
  Object.fromEntries(Object.entries(s).map(([name, r]) => [name, r.passed ? 'pass' : `FAIL ${r.failures.join('; ')}`]));

describePeer('conformance', (peer) => {
  const env = () => ({ HOME: world.home, PATH: world.userEnv.PATH! });
  let direct: Record<string, ScenarioResult> = {};

  it(`the gateway directly: the server scenarios of ${ERA} that apply to it pass`, { timeout: 330_000 }, async () => {
    const proxy = await startHeaderProxy(world.gateway);
    try {
      const { scenarios, run } = await runConformance(peer, proxy.url, ERA, env());
      direct = scenarios;
      await saveReport('conformance-direct', { era: ERA, peer: `${peer.package}@${peer.version}`, scenarios: summary(scenarios) });
      expect(Object.keys(scenarios).length, describeRun(run)).toBeGreaterThanOrEqual(APPLICABLE.length);
      for (const name of APPLICABLE) expect({ name, ...scenarios[name] }, describeRun(run)).toMatchObject({ name, passed: true });
      // The tools-call-* scenarios call the suite's own test_* tools, which this gateway does not have. None may
      // pass by accident: an unknown tool is the JSON-RPC error -32602, never a tool result that looks like one.
      const toolsCall = Object.entries(scenarios).filter(([name]) => name.startsWith('tools-call'));
      expect(toolsCall.length, describeRun(run)).toBeGreaterThan(0);
      for (const [name, result] of toolsCall) expect({ name, passed: result.passed }, describeRun(run)).toEqual({ name, passed: false });
    } finally {
      await proxy.close();
    }
  });

  it(
    `the gateway directly: the scenarios ${MODERN_ERA} requires pass, but for those that need the suite's own fixtures`,
    { timeout: 330_000 },
    async (ctx) => {
      const listed = await listServerScenarios(peer, MODERN_ERA, env(), world.home);
      // Suites before the era's scenarios (0.1.x) reject the version; there is then nothing to run, which is said.
      if (listed === undefined) return ctx.skip(`${peer.package}@${peer.version} has no ${MODERN_ERA} scenarios`);
      const proxy = await startHeaderProxy(world.gateway);
      try {
        const { scenarios, run } = await runConformance(peer, proxy.url, MODERN_ERA, env(), 'requirements');
        await saveReport('conformance-direct-2026-07-28', {
          era: MODERN_ERA,
          peer: `${peer.package}@${peer.version}`,
          scenarios: summary(scenarios),
        });
        const names = Object.keys(scenarios);
        // The lists below name scenarios that exist: a suite that renames one makes this fail, not skip silently.
        expect(names, describeRun(run)).toEqual(expect.arrayContaining([...Object.keys(MODERN_NOT_APPLICABLE), ...MODERN_MUST_PASS]));
        for (const name of names.filter((n) => !(n in MODERN_NOT_APPLICABLE))) {
          const result = scenarios[name]!;
          const untestable = MODERN_NOT_TESTABLE[name] ?? [];
          const real = result.failures.filter((_, i) => !untestable.includes(result.failedChecks[i]!));
          expect({ name, failures: real }, describeRun(run)).toEqual({ name, failures: [] });
        }
        // As in the 2025 era, the suite's own test_* tools must not pass by accident.
        for (const [name, result] of Object.entries(scenarios).filter(([n]) => n.startsWith('tools-call')))
          expect({ name, passed: result.passed }, describeRun(run)).toEqual({ name, passed: false });
      } finally {
        await proxy.close();
      }
    },
  );

  it(`through the bridge: the same scenarios pass, and every scenario ends as it does directly`, { timeout: 330_000 }, async () => {
    const front = await startStdioHttpFront({
      command: process.execPath,
      args: [CLI, 'bridge', '--profile', world.profile],
      env: world.userEnv,
      cwd: world.home,
    });
    try {
      const { scenarios, run } = await runConformance(peer, front.url, ERA, env());
      await saveReport('conformance-bridge', { era: ERA, peer: `${peer.package}@${peer.version}`, scenarios: summary(scenarios) });
      const why = `${describeRun(run)}\n--- bridge stderr\n${front.stderr().slice(-3000)}`;
      for (const name of APPLICABLE.filter((n) => !FRONT_ONLY.has(n)))
        expect({ name, ...scenarios[name] }, why).toMatchObject({ name, passed: true });
      const outcome = (s: Record<string, ScenarioResult>) =>
        Object.fromEntries(
          Object.entries(s)
            .filter(([n]) => !FRONT_ONLY.has(n))
            .map(([n, r]) => [n, r.passed]),
        );
      expect(outcome(scenarios), why).toEqual(outcome(direct));
    } finally {
      await front.close();
    }
  });
});
