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
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];
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

  it(`the gateway directly: every server scenario of ${MODERN_ERA} passes`, { timeout: 330_000 }, async (ctx) => {
    const listed = await listServerScenarios(peer, MODERN_ERA, env(), world.home);
    // Suites before the era's scenarios (0.1.x) reject the version; there is then nothing to run, which is said.
    if (listed === undefined) return ctx.skip(`${peer.package}@${peer.version} has no ${MODERN_ERA} scenarios`);
    expect(listed.length).toBeGreaterThan(0);
    const proxy = await startHeaderProxy(world.gateway);
    try {
      const { scenarios, run } = await runConformance(peer, proxy.url, MODERN_ERA, env());
      await saveReport('conformance-direct-2026-07-28', {
        era: MODERN_ERA,
        peer: `${peer.package}@${peer.version}`,
        scenarios: summary(scenarios),
      });
      for (const name of listed) expect({ name, ...scenarios[name] }, describeRun(run)).toMatchObject({ name, passed: true });
    } finally {
      await proxy.close();
    }
  });

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
