import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../gateway/index';
import { profilesFile } from '../../platform/credentials/config-paths';
import { EMBEDDED_PORT_ENV } from '../../platform/credentials/default-profile';
import { ProfileStore } from '../../platform/credentials/profiles';
import { ServiceError } from '../services/service-error';
import { SessionManager } from './session-manager';
import { freePort, memoryKeychain, tempHome } from './testing';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('playground session through the in-process bridge', () => {
  const { home, env, paths } = tempHome();
  const keychain = memoryKeychain();
  let port: number;
  let lab: RunningGateway;
  const events: Array<{ event: string; payload: unknown }> = [];
  let manager: SessionManager;

  beforeAll(async () => {
    port = await freePort();
    env[EMBEDDED_PORT_ENV] = String(port);
    manager = new SessionManager({ env, paths, keychain, emit: (event, payload) => events.push({ event, payload }) });
    // A second reference gateway with the test-only delay, reached as a remote profile.
    lab = await startGateway({ dataDir: `${home}/lab-gateway`, testHooks: true });
    const store = new ProfileStore(profilesFile(paths));
    await store.save({ name: 'lab', kind: 'remote', url: lab.url, caFile: lab.caCertPath });
    await store.save({ name: 'lab-wrong', kind: 'remote', url: lab.url, caFile: lab.caCertPath });
    await store.save({ name: 'lab-empty', kind: 'remote', url: lab.url, caFile: lab.caCertPath });
    await store.save({ name: 'lab-paced', kind: 'remote', url: lab.url, caFile: lab.caCertPath, rate: 4 });
    await keychain.set('lab-paced', { accessId: lab.accessId, secretKey: lab.secretKey });
    await keychain.set('lab', { accessId: lab.accessId, secretKey: lab.secretKey });
    await keychain.set('lab-wrong', { accessId: lab.accessId, secretKey: 'not-the-secret-key' });
  }, 60_000);

  afterAll(async () => {
    await manager.close();
    await lab.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('connects to the embedded default with no setup and lists the 13 tools in the four groups', async () => {
    const info = await manager.connect('default');
    expect(info.serverName).toBe('gateway-companion-reference-gateway');
    expect(info.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.url).toBe(`https://127.0.0.1:${port}/mcp`);
    expect(info.tools).toHaveLength(13);
    const groups = new Map<string, number>();
    for (const t of info.tools) groups.set(t.group, (groups.get(t.group) ?? 0) + 1);
    expect(Object.fromEntries(groups)).toEqual({ 'Token information': 3, 'Swap & bridge': 5, 'Market data': 3, Security: 2 });
    expect(info.latencyMs).toBeGreaterThan(0);
    // The bridge started the reference gateway in-process and stored its demo account.
    expect(await listening(port)).toBe(true);
    expect(keychain.items.get('default')?.secretKey).toBeTruthy();
    expect(events.some((e) => e.event === 'playground:connection' && (e.payload as { state: string }).state === 'connected')).toBe(true);
  }, 60_000);

  it('calls a tool, records it in history, and keeps the traffic with response timings', async () => {
    const outcome = await manager.call({ callId: 'prices-1', tool: 'get_token_prices', arguments: { assets: ['c0', 'c60'] } });
    expect(outcome.status).toBe('ok');
    const structured = outcome.result?.structuredContent as { tickers: Array<{ id: string }> };
    expect(structured.tickers.map((t) => t.id)).toEqual(['c0', 'c60']);
    // The text item repeating structuredContent is marked rather than sent twice.
    expect(outcome.result?.textSameAsStructured).toEqual([0]);
    expect(outcome.bytes).toBeGreaterThan(100);

    const history = await manager.history.list();
    expect(history.at(-1)).toMatchObject({ id: outcome.historyId, tool: 'get_token_prices', status: 'ok', profile: 'default' });
    const traffic = manager.traffic();
    const methods = traffic.map((t) => `${t.dir}:${t.method ?? t.kind}`);
    expect(methods.slice(0, 3)).toEqual(['send:initialize', 'receive:response', 'send:notifications/initialized']);
    const response = traffic.findLast((t) => t.dir === 'receive' && t.kind === 'response');
    expect(response?.durationMs).toBeGreaterThan(0);
  }, 30_000);

  it('refuses invalid arguments before sending, with messages naming the field', async () => {
    const check = manager.validate('search_assets', { query: '', limit: 500, extra: 1 });
    expect(check.valid).toBe(false);
    expect(check.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'Query must not be empty',
        'Limit must be at most 100 (it is 500)',
        '"extra" is not a parameter of search_assets; remove it',
      ]),
    );
    const sentBefore = manager.traffic().length;
    await expect(
      manager.call({ callId: 'bad-1', tool: 'get_token_prices', arguments: { assets: Array.from({ length: 51 }, () => 'c60') } }),
    ).rejects.toThrow(/Assets takes at most 50 items \(it has 51\)/);
    expect(manager.traffic().length).toBe(sentBefore);
  });

  it('redacts the profile credentials from the traffic even when a message carries them', async () => {
    const secret = keychain.items.get('default')!.secretKey;
    await manager.call({ callId: 'leak-1', tool: 'search_assets', arguments: { query: secret.slice(0, 200) } });
    const text = manager
      .traffic()
      .map((t) => t.text)
      .join('\n');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(secret);
  }, 30_000);

  it('never lets a pasted private key or recovery phrase reach the history file, the history or the traffic', async () => {
    const key = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
    const phrase = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
    const pasted = await manager.call({ callId: 'pk-1', tool: 'validate_address', arguments: { address: `0x${key}`, asset_id: 'c60' } });
    await manager.call({ callId: 'pk-2', tool: 'search_assets', arguments: { query: phrase } });
    const onDisk = readFileSync(manager.history.file, 'utf8');
    expect(onDisk).toContain('[redacted]');
    expect(onDisk).not.toContain(key);
    expect(onDisk).not.toContain(phrase);
    expect((await manager.history.get(pasted.historyId as string))?.arguments).toEqual({ address: '[redacted]', asset_id: 'c60' });
    const traffic = manager
      .traffic()
      .map((t) => t.text)
      .join('\n');
    expect(traffic).not.toContain(key);
    expect(traffic).not.toContain(phrase);
  }, 30_000);

  it('cancels a slow call with notifications/cancelled', async () => {
    await manager.connect('lab');
    const call = manager.call({ callId: 'slow-1', tool: 'search_assets', arguments: { query: 'slow:20000' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(manager.cancel('slow-1')).toBe(true);
    const outcome = await call;
    expect(outcome.status).toBe('cancelled');
    expect(outcome.durationMs).toBeLessThan(10_000);
    const cancelled = manager.traffic().find((t) => t.method === 'notifications/cancelled');
    expect(cancelled?.dir).toBe('send');
    expect((await manager.history.list()).at(-1)?.status).toBe('cancelled');
  }, 30_000);

  it('pushes the pacer’s waits for the profile’s rate, naming the tool calls running', async () => {
    await manager.connect('lab-paced');
    const before = events.length;
    // Two calls asked at once: the second leaves one interval (1/4 s and the margin) after the first.
    const outcomes = await Promise.all([
      manager.call({ callId: 'paced-1', tool: 'get_swap_providers', arguments: {}, record: false }),
      manager.call({ callId: 'paced-2', tool: 'get_swap_providers', arguments: {}, record: false }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['ok', 'ok']);
    const waits = events.slice(before).filter((e) => e.event === 'playground:rateWait');
    expect(waits.length).toBeGreaterThan(0);
    const wait = waits.at(-1)!.payload as { waitMs: number; queued: number; callIds: string[] };
    expect(wait.waitMs).toBeGreaterThan(0);
    expect(wait.queued).toBeGreaterThan(0);
    expect(wait.callIds).toEqual(expect.arrayContaining(['paced-1', 'paced-2']));
    // An unpaced profile never emits one.
    await manager.connect('lab');
    const unpaced = events.length;
    await manager.call({ callId: 'unpaced-1', tool: 'get_swap_providers', arguments: {}, record: false });
    expect(events.slice(unpaced).some((e) => e.event === 'playground:rateWait')).toBe(false);
  }, 30_000);

  it('reports wrong credentials as a clear connect error (the gateway opens no session for them)', async () => {
    const error = await manager.connect('lab-wrong').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('auth_rejected');
    expect((error as ServiceError).message).toMatch(
      /refused the credentials of profile "lab-wrong" \(HTTP 401 .*Invalid credentials: the access id and secret key do not match an account/,
    );
    expect(manager.connection).toBeUndefined();
  }, 30_000);

  it('says how to fix a profile without credentials', async () => {
    const error = await manager.connect('lab-empty').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('credentials_missing');
    expect((error as ServiceError).message).toMatch(/No gateway credentials are stored for profile "lab-empty"/);
    expect(manager.connection).toBeUndefined();
  }, 30_000);

  it('stops the embedded gateway when it disconnects', async () => {
    await manager.connect('default');
    expect(await listening(port)).toBe(true);
    expect(await manager.disconnect()).toBe(true);
    expect(await listening(port)).toBe(false);
    await expect(manager.ping()).rejects.toThrow(/Not connected/);
  }, 60_000);
});
