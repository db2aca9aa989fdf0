// Secret-shaped values typed into ordinary fields (a query, an address, an asset id) must not be kept or
// shown anywhere: every one of the 13 tools is called through the bridge as an assistant calls it (the
// bridge in-process over a stream pair, with the embedded reference gateway, its real audit log and log
// file) and through the playground session; then every file under the test's HOME (config and data
// folders) and every IPC answer and event the Assistants and Playground views get is searched for the
// secrets' bytes.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../domain/ipc/channel-names';
import { AuditLog } from '../../bridge/audit-log';
import { createLogger } from '../../bridge/logger';
import { runBridge } from '../../bridge/run-bridge';
import { auditLogFile, bridgeLogFile } from '../../platform/credentials/config-paths';
import { EMBEDDED_PORT_ENV } from '../../platform/credentials/default-profile';
import { startEmbeddedGateway } from '../bridge-host/index';
import { SessionManager } from '../playground/session-manager';
import { StreamTransport } from '../playground/stream-transport';
import { freePort, memoryKeychain, tempHome } from '../playground/testing';
import { assistantsHandlers } from './assistants-handlers';
import { createDispatcher, type Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { playgroundHandlers } from './playground-handlers';

const HEX = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
// Test vectors only (the BIP-39 "abandon … art" phrase, the Bitcoin wiki's WIF, BIP-32 vector 1).
const SECRETS = {
  phrase:
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon art',
  hex: HEX,
  hex0x: `0x${HEX}`,
  wif: '5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ',
  wifCompressed: 'KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617',
  xprv: 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
};
// What is searched for: each secret, and the hex key without its 0x (a substring of both forms).
const NEEDLES = [SECRETS.phrase, HEX, SECRETS.wif, SECRETS.wifCompressed, SECRETS.xprv, 'abandon abandon abandon abandon abandon abandon'];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  maxLength?: number;
  pattern?: string;
  maxItems?: number;
  minimum?: number;
  anyOf?: Schema[];
}

/**
 * Arguments for a tool with the secret in every string field it fits (enums too, unless `valid` asks
 * for values the playground's schema check lets through), other fields plausible.
 */
function argsFor(schema: Schema, secret: string, valid: boolean): unknown {
  const s = schema.anyOf?.find((a) => a.type !== 'null') ?? schema;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (s.enum && (valid || typeof s.enum[0] !== 'string')) return s.enum[0];
  if (type === 'string' && s.pattern !== undefined && valid) return '1000'; // amounts: digits only
  if (type === 'string' || s.enum) return s.maxLength !== undefined && secret.length > s.maxLength ? 'c60' : secret;
  if (type === 'number' || type === 'integer') return s.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [argsFor(s.items ?? { type: 'string' }, secret, valid)];
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = argsFor(v, secret, valid);
    return out;
  }
  return secret;
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}

/** The needles found in some text, with where. */
function leaks(where: string, text: string): string[] {
  return NEEDLES.filter((n) => text.includes(n)).map((n) => {
    const at = text.indexOf(n);
    return `${where}: ${n.slice(0, 24)}… in …${text.slice(Math.max(0, at - 80), at + n.length + 40)}…`;
  });
}

describe('secret-shaped values are redacted everywhere they are kept or shown', () => {
  const { home, env, paths } = tempHome('companion-redaction-');
  const keychain = memoryKeychain();
  const events: Array<{ event: string; payload: unknown }> = [];
  const answers: Array<{ channel: string; reply: Envelope<unknown> }> = [];
  let stderr = '';
  let saved: NodeJS.ProcessEnv;
  let manager: SessionManager;
  let dispatch: ReturnType<typeof createDispatcher>;

  const ask = async (channel: string, ...args: unknown[]) => {
    const reply = await dispatch(channel, args);
    answers.push({ channel, reply });
    return reply;
  };

  beforeAll(async () => {
    env[EMBEDDED_PORT_ENV] = String(await freePort());
    saved = { ...process.env };
    // The Assistants services read the config folder from the process environment, as the app does.
    Object.assign(process.env, { HOME: home, XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, [EMBEDDED_PORT_ENV]: env[EMBEDDED_PORT_ENV] });
    const ctx: HostContext = {
      host: 'browser',
      openLink: async () => false,
      emit: (event, payload) => events.push({ event, payload }),
      log: (line) => void (stderr += `${line}\n`),
    };
    manager = new SessionManager({ env, paths, keychain, emit: (event, payload) => ctx.emit(event, payload) });
    dispatch = createDispatcher({ ...assistantsHandlers(ctx), ...playgroundHandlers(ctx, manager) } as unknown as Handlers, ctx.log);
  }, 60_000);

  afterAll(async () => {
    await manager.close();
    process.env = saved;
    await rm(home, { recursive: true, force: true });
  });

  it('through the bridge as an assistant calls it: all 13 tools, each secret in every field', async () => {
    const toBridge = new PassThrough();
    const fromBridge = new PassThrough();
    const sink = new Writable({ write: (chunk, _enc, done) => void ((stderr += String(chunk)), done()) });
    const log = createLogger({ stderr: sink, file: bridgeLogFile(paths), debug: true, tag: 'bridge[default]' });
    const bridge = runBridge({
      input: toBridge,
      output: fromBridge,
      profile: 'default',
      env,
      paths,
      log,
      keychain,
      embedded: startEmbeddedGateway,
      audit: new AuditLog(auditLogFile(paths)),
    }).finally(() => {
      fromBridge.end();
      log.close();
    });
    const wire: string[] = [];
    const transport = new StreamTransport(fromBridge, toBridge, {
      maxMessageBytes: 8 * 1024 * 1024,
      observe: (dir, line) => dir === 'receive' && wire.push(line),
    });
    const client = new Client({ name: 'redaction-test-assistant', version: '1.0.0' }, { capabilities: {} });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(13);
    let calls = 0;
    for (const tool of tools) {
      for (const secret of Object.values(SECRETS)) {
        const args = argsFor(tool.inputSchema as Schema, secret, false) as Record<string, unknown>;
        await client.callTool({ name: tool.name, arguments: args }).catch(() => undefined);
        calls++;
      }
    }
    await client.close();
    await bridge.catch(() => undefined);
    expect(calls).toBe(13 * Object.keys(SECRETS).length);
    // The answers went back to the assistant as the gateway gave them: the secrets did reach the bridge.
    expect(wire.length).toBeGreaterThan(calls);
  }, 120_000);

  it('through the playground session: all 13 tools, each secret in every field the schema lets through', async () => {
    const connected = await ask('playground:connect', 'default');
    expect(connected.ok).toBe(true);
    const info = (connected as { value: { tools: Array<{ name: string; inputSchema: Schema }> } }).value;
    expect(info.tools).toHaveLength(13);
    const sent = new Set<string>();
    for (const tool of info.tools) {
      for (const [name, secret] of Object.entries(SECRETS)) {
        const args = argsFor(tool.inputSchema, secret, true);
        await ask('playground:validate', tool.name, args);
        const reply = await ask('playground:call', { callId: `${tool.name}-${name}`.slice(0, 64), tool: tool.name, arguments: args });
        if (reply.ok) sent.add(tool.name);
        // The same call with the secret where the schema refuses it: its error message must not echo it.
        await ask('playground:call', {
          callId: `bad-${tool.name}-${name}`.slice(0, 64),
          tool: tool.name,
          arguments: argsFor(tool.inputSchema, secret, false),
        });
      }
    }
    // Every tool took at least one call with a secret in it to the gateway.
    expect([...sent].sort()).toEqual(info.tools.map((t) => t.name).sort());
    const history = await ask('playground:history');
    const entries = (history as { value: { entries: Array<{ id: string }> } }).value.entries;
    expect(entries.length).toBeGreaterThanOrEqual(13);
    for (const e of entries) await ask('playground:historyEntry', e.id);
    await ask('playground:traffic');
    await ask('playground:state');
  }, 180_000);

  it('leaves none of the secrets in any file under HOME, any IPC answer or event, or the logs', async () => {
    await ask('assistants:recentActivity');
    const activity = answers.at(-1)?.reply as { ok: boolean; value: { records: Array<{ tool: string; source?: string }> } };
    expect(activity.ok).toBe(true);
    // Both paths' calls are in the activity log, so the scan below covers what they wrote.
    expect(activity.value.records.filter((r) => r.source === 'playground').length).toBeGreaterThan(0);
    expect(activity.value.records.filter((r) => r.source === undefined).length).toBeGreaterThanOrEqual(13);

    const found: string[] = [];
    const files = await filesUnder(home);
    expect(files).toEqual(expect.arrayContaining([auditLogFile(paths), bridgeLogFile(paths)]));
    for (const file of files) found.push(...leaks(path.relative(home, file), (await readFile(file)).toString('utf8')));
    for (const { channel, reply } of answers) found.push(...leaks(`answer to ${channel}`, JSON.stringify(reply)));
    for (const { event, payload } of events) found.push(...leaks(`event ${event}`, JSON.stringify(payload)));
    found.push(...leaks('log', stderr));
    expect([...new Set(found)]).toEqual([]);
  });
});
