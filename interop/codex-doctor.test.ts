// `companion doctor --client codex` against a real Codex CLI whose config our writer wrote. Codex passes the
// stdio servers it starts only a fixed list of variables plus the table's env_vars, so the doctor must judge
// the environment Codex passes, not its own. The doctor runs as the built CLI in the environment a desktop
// session gives a program (the world's userEnv: HOME, PATH, USER, LANG, the session bus; nothing of the test
// process's), and the real Codex, started the same way, must agree with its verdict: it calls a tool through
// the bridge when the doctor says healthy, and fails to start the bridge where the doctor says it breaks.
// Two variables the bridge needs are checked: the session bus (the keychain) and XDG_CONFIG_HOME where the
// user's profiles live under it (without it the bridge Codex starts reads ~/.config and finds no profile).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DoctorReport } from '../domain/doctor-report';
import { configDir } from '../platform/credentials/config-paths';
import { startEgressTrap, type EgressTrap } from './support/egress-trap';
import { startFakeOpenAI } from './support/fake-openai';
import { describePeer, nodeBin, type Peer } from './support/peers';
import { describeRun, run } from './support/run';
import { startWorld, type World } from './support/world';

const CLI = path.resolve('out/main/cli.js');

let world: World;
let trap: EgressTrap;
beforeAll(async () => {
  world = await startWorld('codex-doctor');
  trap = await startEgressTrap();
  await world.install('codex');
});
afterAll(async () => {
  await trap?.close();
  await world?.close();
});

/** The line our writer puts in the table: the variables the keychain needs (TOML spacing as the writer formats it). */
const ENV_VARS_LINE = /^env_vars = \[\s*"DBUS_SESSION_BUS_ADDRESS",\s*"XDG_RUNTIME_DIR"\s*\]$/m;
const configFile = () => path.join(world.home, '.codex', 'config.toml');

/** `companion doctor --client codex --json`, the built CLI in the desktop session's environment. */
async function doctor(extraEnv: Record<string, string> = {}): Promise<{ code: number | null; report: DoctorReport; text: string }> {
  const result = await run([nodeBin() ?? process.execPath, CLI], ['doctor', '--client', 'codex', '--json'], {
    env: { ...world.userEnv, ...extraEnv },
    cwd: world.home,
    timeoutMs: 120_000,
  });
  const text = describeRun(result);
  return { code: result.code, report: JSON.parse(result.stdout) as DoctorReport, text };
}

interface ExecEvent {
  type: string;
  item?: { type: string; server?: string; tool?: string; status?: string };
}

describePeer('codex', (peer: Peer) => {
  /** One `codex exec` turn against a fake model, with the config file as it is (only the model provider given with -c). */
  async function turn(extraEnv: Record<string, string> = {}) {
    const model = await startFakeOpenAI('get_token_prices', { assets: ['c60'] });
    try {
      const provider = `model_providers.interop={name="interop",base_url="${model.url}",wire_api="responses",env_key="INTEROP_MODEL_KEY"}`;
      const overrides = ['-c', 'model_provider=interop', '-c', provider, '-c', 'mcp_servers.gateway-companion.required=true'];
      const result = await run(
        peer.command,
        ['exec', '--skip-git-repo-check', '--json', ...overrides, '-m', 'interop-model', 'What is the price of ETH (asset c60)?'],
        { env: { ...world.userEnv, ...trap.env, ...extraEnv, INTEROP_MODEL_KEY: 'interop-fake' }, cwd: world.home, timeoutMs: 120_000 },
      );
      const events = result.stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as ExecEvent);
      const call = events.find((e) => e.type === 'item.completed' && e.item?.type === 'mcp_tool_call')?.item;
      return { result, call };
    } finally {
      await model.close();
    }
  }

  it('the CLI is built', () => {
    expect(existsSync(CLI), `${CLI} is missing: run npx electron-vite build`).toBe(true);
  });

  it("healthy with the writer's config (env_vars names the session bus), and Codex calls a tool through the bridge", async () => {
    expect(await readFile(configFile(), 'utf8')).toMatch(ENV_VARS_LINE);
    const { code, report, text } = await doctor();
    expect(report.verdict, text).toBe('healthy');
    expect(code).toBe(0);
    expect(report.profile).toBe(world.profile);
    expect(report.hops.find((h) => h.id === 'environment')).toMatchObject({ status: 'ok' });
    expect(report.hops.find((h) => h.id === 'keychain')).toMatchObject({ status: 'ok' });
    expect(report.hops.find((h) => h.id === 'call')).toMatchObject({ status: 'ok' });

    const { result, call } = await turn();
    expect(result.code, describeRun(result)).toBe(0);
    expect(call, describeRun(result)).toMatchObject({ server: 'gateway-companion', tool: 'get_token_prices', status: 'completed' });
  });

  it('without DBUS_SESSION_BUS_ADDRESS in env_vars the doctor breaks at the environment, its fix names the variable, and Codex cannot start the bridge', async (ctx) => {
    const uid = process.getuid?.() ?? 0;
    if (existsSync(`/run/user/${uid}/bus`)) ctx.skip(`/run/user/${uid}/bus exists, so the bridge finds the bus without env_vars`);
    const written = await readFile(configFile(), 'utf8');
    const scrubbed = written.replace(ENV_VARS_LINE, 'env_vars = ["XDG_RUNTIME_DIR"]');
    expect(scrubbed).not.toBe(written);
    await writeFile(configFile(), scrubbed);
    try {
      const { code, report, text } = await doctor();
      expect(report.verdict, text).toBe('broken');
      expect(code).toBe(1);
      const failed = report.hops.find((h) => h.status === 'failed');
      expect(failed, text).toMatchObject({ id: 'environment', cause: 'no_session_bus' });
      expect(failed?.detail).toContain('DBUS_SESSION_BUS_ADDRESS');
      expect(failed?.fix).toContain('env_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"]');
      expect(report.hops.find((h) => h.id === 'keychain')).toMatchObject({ status: 'not-reached' });

      // The real Codex, from the same file, agrees: the bridge it starts cannot reach the keychain.
      const { result, call } = await turn();
      expect(result.code, describeRun(result)).not.toBe(0);
      expect(call).toBeUndefined();
      expect(result.stderr, describeRun(result)).toContain('required MCP servers failed to initialize: gateway-companion');
      expect(result.stderr, describeRun(result)).toContain('DBUS_SESSION_BUS_ADDRESS');
    } finally {
      await writeFile(configFile(), written);
    }
  });

  it('with the profiles under XDG_CONFIG_HOME, the doctor says Codex must pass it, and Codex agrees before and after', async () => {
    const written = await readFile(configFile(), 'utf8');
    const moved = path.join(world.home, 'moved-config');
    const dir = configDir(world.paths);
    await mkdir(moved, { recursive: true });
    await rename(dir, path.join(moved, 'gateway-companion'));
    const session = { XDG_CONFIG_HOME: moved };
    try {
      const { report, text } = await doctor(session);
      const failed = report.hops.find((h) => h.status === 'failed');
      expect(failed, text).toMatchObject({ id: 'environment', cause: 'config_dir_not_passed' });
      expect(failed?.fix).toContain('add "XDG_CONFIG_HOME" to env_vars');
      const before = await turn(session);
      expect(before.result.code, describeRun(before.result)).not.toBe(0);
      expect(before.call).toBeUndefined();

      await writeFile(
        configFile(),
        written.replace(ENV_VARS_LINE, 'env_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME"]'),
      );
      const fixed = await doctor(session);
      expect(fixed.report.verdict, fixed.text).toBe('healthy');
      const after = await turn(session);
      expect(after.result.code, describeRun(after.result)).toBe(0);
      expect(after.call, describeRun(after.result)).toMatchObject({ tool: 'get_token_prices', status: 'completed' });
    } finally {
      await writeFile(configFile(), written);
      // The bridge Codex started without XDG_CONFIG_HOME wrote its log under ~/.config: that folder goes.
      await rm(dir, { recursive: true, force: true });
      await rename(path.join(moved, 'gateway-companion'), dir);
    }
  });
});
