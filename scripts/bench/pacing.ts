/**
 * `npm run bench:pacing`: the bridge against a reference gateway that emulates the public gateway's free
 * tier (`--rate 1`: 429 with Retry-After past 1 request/second per account), with X-TW-* header names.
 * After the session is up and quiet, 10 tools/call requests are sent at once; the figure is the time from sending
 * them to the last answer, and how many requests the tier refused with 429.
 *
 * - paced: the profile carries the tier's rate (1/s): the bridge queues its requests (target: 9–10 s, no 429);
 * - unpaced: the profile has no rate: the tier refuses the burst, the bridge waits out Retry-After once per
 *   request, and what is refused again reaches the host as an error.
 *
 * In-process (the bridge over a stream pair, the gateway on loopback), keychain in memory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runBridge } from '../../bridge/run-bridge';
import { startGateway } from '../../gateway/index';
import { currentPathContext, profilesFile } from '../../platform/credentials/config-paths';
import type { Credentials, Keychain } from '../../platform/credentials/keychain';
import { ProfileStore } from '../../platform/credentials/profiles';

const CALLS = 10;
const TOOL = { name: 'validate_address', arguments: { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' } };
const HEADERS = { credentialHeader: 'X-TW-CREDENTIAL', secretHeader: 'X-TW-SECRET-KEY' };

interface Row {
  readonly label: string;
  readonly seconds: number;
  readonly refused: number;
  readonly errors: number;
}

async function run(label: string, rate: number | undefined): Promise<Row> {
  const home = await mkdtemp(join(tmpdir(), 'bench-pacing-'));
  let refused = 0;
  const gateway = await startGateway({
    dataDir: join(home, 'gateway'),
    rate: 1,
    credentialHeaders: { credential: HEADERS.credentialHeader, secret: HEADERS.secretHeader },
    onRateLimited: () => refused++,
  });
  const paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: join(home, 'config') });
  await new ProfileStore(profilesFile(paths)).save({
    name: 'tier',
    kind: 'remote',
    url: gateway.url,
    caFile: gateway.caCertPath,
    ...HEADERS,
    ...(rate !== undefined ? { rate } : {}),
  });
  const items = new Map<string, Credentials>([
    ['tier', { accessId: gateway.accessId, secretKey: gateway.secretKey, origin: new URL(gateway.url).origin }],
  ]);
  const keychain: Keychain = {
    get: (a) => Promise.resolve(items.get(a)),
    set: (a, c) => Promise.resolve(void items.set(a, c)),
    delete: (a) => Promise.resolve(items.delete(a)),
  };
  const input = new PassThrough();
  const output = new PassThrough();
  const waiting = new Map<number, (reply: { error?: unknown }) => void>();
  let buffer = '';
  output.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const reply = JSON.parse(buffer.slice(0, nl)) as { id?: number; error?: unknown };
      buffer = buffer.slice(nl + 1);
      if (typeof reply.id === 'number') waiting.get(reply.id)?.(reply);
    }
  });
  const bridge = runBridge({ input, output, profile: 'tier', env: { HOME: home }, paths, keychain, audit: false, timeoutSeconds: 60 });
  const call = (id: number, method: string, params?: object) =>
    new Promise<{ error?: unknown }>((resolve) => {
      waiting.set(id, resolve);
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })}\n`);
    });
  try {
    await call(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    await call(2, 'ping');
    // Let the session's own requests (initialized, the event stream, ping) pass their turns first: the
    // figure is the 10 calls on a quiet connection.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    refused = 0;
    const started = performance.now();
    const replies = await Promise.all(Array.from({ length: CALLS }, (_, i) => call(10 + i, 'tools/call', TOOL)));
    const seconds = (performance.now() - started) / 1000;
    return { label, seconds, refused, errors: replies.filter((r) => r.error).length };
  } finally {
    input.end();
    await bridge.catch(() => undefined);
    await gateway.close();
    await rm(home, { recursive: true, force: true });
  }
}

const rows = [await run('paced (profile rate 1/s)', 1), await run('unpaced (no rate in the profile)', undefined)];
console.log(
  `${CALLS} concurrent tools/call against a 1 request/s tier (X-TW-* headers); load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('| run | seconds to the last answer | 429 from the tier | errors to the host |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.label} | ${r.seconds.toFixed(2)} | ${r.refused} | ${r.errors} |`);
