import { appendFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventName } from '../../domain/ipc/contract';
import { tempHome } from '../clients/test-support';
import { auditLogFile } from '../../platform/credentials/config-paths';
import { saveCollectionsFolderSetting } from '../collections/folder-setting';
import { assistantsHandlers } from './assistants-handlers';
import { createDispatcher, type Handlers } from './dispatch';
import type { HostContext } from './host-context';

let home: Awaited<ReturnType<typeof tempHome>>;
let saved: NodeJS.ProcessEnv;
let events: Array<{ event: EventName; payload: unknown }>;
let dispatch: ReturnType<typeof createDispatcher>;

beforeEach(async () => {
  home = await tempHome();
  saved = { ...process.env };
  Object.assign(process.env, { HOME: home.home, XDG_CONFIG_HOME: home.paths.env.XDG_CONFIG_HOME, APPDATA: home.paths.env.APPDATA });
  events = [];
  const ctx: HostContext = {
    host: 'browser',
    openLink: async () => false,
    emit: (event, payload) => events.push({ event, payload }),
    log: () => undefined,
  };
  dispatch = createDispatcher(assistantsHandlers(ctx) as unknown as Handlers);
});
afterEach(async () => {
  process.env = saved;
  await home.cleanup();
});

const record = (tool: string, ok: boolean, extra: object = {}) =>
  JSON.stringify({
    time: new Date().toISOString(),
    profile: 'default',
    tool,
    arguments: { chain: 'ethereum' },
    durationMs: 12.5,
    ok,
    ...extra,
  });

describe('assistants services', () => {
  it('lists the nine clients with their state, the profiles and what Install launches', async () => {
    await mkdir(path.join(home.home, '.cursor'));
    const reply = await dispatch('assistants:list', []);
    expect(reply.ok).toBe(true);
    const overview = (
      reply as {
        value: { clients: Array<{ id: string; state: string }>; profiles: string[]; defaultProfile: string; launcher: { kind: string } };
      }
    ).value;
    expect(overview.clients).toHaveLength(9);
    expect(overview.clients.find((c) => c.id === 'cursor')?.state).toBe('not-configured');
    expect(overview.clients.find((c) => c.id === 'zed')?.state).toBe('not-installed');
    expect(overview.profiles).toEqual(['default']);
    expect(overview.defaultProfile).toBe('default');
    expect(overview.launcher.kind).toBe('source');
  });

  it('installs and removes, sending only the names of the entry variables', async () => {
    await mkdir(path.join(home.home, '.cursor'));
    const installed = await dispatch('assistants:install', ['cursor', {}]);
    expect(installed).toMatchObject({
      ok: true,
      value: {
        changed: true,
        client: { id: 'cursor', state: 'configured', entry: { profile: 'default', envKeys: [], missing: [], upToDate: true } },
      },
    });
    expect(JSON.stringify(installed)).not.toContain('"env"');
    expect(await dispatch('assistants:install', ['cursor', {}])).toMatchObject({ ok: true, value: { changed: false } });
    expect(await dispatch('assistants:remove', ['cursor'])).toMatchObject({
      ok: true,
      value: { changed: true, deleted: true, client: { state: 'not-configured' } },
    });
  });

  it('turns "Record sessions" on and off, keeping it when the entry is installed again', async () => {
    await mkdir(path.join(home.home, '.cursor'));
    expect(await dispatch('assistants:setRecording', ['cursor', { record: true }])).toMatchObject({
      ok: false,
      error: { code: 'not_configured', message: 'Cursor is not set up yet: install it first, then turn on recording.' },
    });
    await dispatch('assistants:install', ['cursor', {}]);
    const on = await dispatch('assistants:setRecording', ['cursor', { record: true }]);
    expect(on).toMatchObject({
      ok: true,
      value: { changed: true, client: { entry: { recording: true, upToDate: true, profile: 'default' } } },
    });
    const file = path.join(home.home, '.cursor', 'mcp.json');
    const args = (JSON.parse(await readFile(file, 'utf8')) as { mcpServers: Record<string, { args: string[] }> }).mcpServers[
      'gateway-companion'
    ]?.args;
    const pattern = path.join(home.paths.env.XDG_CONFIG_HOME!, 'gateway-companion', 'recordings', 'cursor-{date}.jsonl');
    expect(args?.slice(-2)).toEqual(['--record', pattern]);
    // Installing again keeps it on.
    expect(await dispatch('assistants:install', ['cursor', {}])).toMatchObject({ ok: true, value: { changed: false } });
    const off = await dispatch('assistants:setRecording', ['cursor', { record: false }]);
    expect(off).toMatchObject({ ok: true, value: { changed: true, client: { entry: { recording: false, upToDate: true } } } });
    expect(await readFile(file, 'utf8')).not.toContain('--record');
  });

  it('turns refusals into messages for people, with stable codes', async () => {
    expect(await dispatch('assistants:install', ['cursor', { profile: 'work' }])).toMatchObject({
      ok: false,
      error: { code: 'profile_missing', message: expect.stringContaining('There is no profile named "work"') },
    });
    expect(await dispatch('assistants:install', ['notepad', {}])).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    const file = path.join(home.home, '.gemini', 'settings.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{\n  "theme": "x",,\n}\n');
    expect(await dispatch('assistants:install', ['gemini-cli', {}])).toMatchObject({
      ok: false,
      error: { code: 'config_invalid', message: expect.stringContaining('does not parse: line 2, column') },
    });
    expect(await readFile(file, 'utf8')).toBe('{\n  "theme": "x",,\n}\n');
    expect(await dispatch('assistants:test', ['windsurf'])).toMatchObject({ ok: false, error: { code: 'not_configured' } });
  });

  it('gives a manual setup snippet per client', async () => {
    const reply = await dispatch('assistants:manualSetup', ['codex', 'default']);
    expect(reply).toMatchObject({
      ok: true,
      value: {
        language: 'toml',
        file: '~/.codex/config.toml',
        snippet: expect.stringMatching(/^\[mcp_servers\.gateway-companion\]\ncommand = /),
      },
    });
    const code = await dispatch('assistants:manualSetup', ['claude-code', 'default']);
    expect(code).toMatchObject({
      ok: true,
      value: { command: expect.stringMatching(/^claude mcp add --scope user gateway-companion -- /) },
    });
  });

  it('reads the audit log newest first, then pushes new tool calls as they are logged', async () => {
    const log = auditLogFile({ env: process.env, platform: process.platform, homedir: home.home });
    await mkdir(path.dirname(log), { recursive: true });
    await writeFile(log, `${record('search_assets', true)}\n${record('get_swap_quote', false, { errorCode: -32001 })}\nnot json\n`);
    const first = await dispatch('assistants:recentActivity', []);
    expect(first).toMatchObject({
      ok: true,
      value: {
        logFile: log,
        records: [
          { tool: 'get_swap_quote', ok: false, errorCode: -32001 },
          { tool: 'search_assets', ok: true },
        ],
      },
    });

    await appendFile(log, `${record('get_token_prices', true)}\n${record('validate_address', false, { errorCode: 'tool_error' })}\n`);
    await vi.waitFor(() => expect(events.length).toBeGreaterThan(0), { timeout: 10_000, interval: 100 });
    const pushed = events.flatMap((e) => (e.payload as { records: Array<{ tool: string }> }).records.map((r) => r.tool));
    expect(events.every((e) => e.event === 'assistants:activity')).toBe(true);
    expect(pushed).toEqual(['get_token_prices', 'validate_address']);
  });

  it('"Save as collection" converts the newest recorded session once, as companion record to-collection does', async () => {
    expect(await dispatch('assistants:saveRecordingAsCollection', ['cursor'])).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('No session has been recorded yet') as unknown },
    });
    const dir = path.join(home.paths.env.XDG_CONFIG_HOME!, 'gateway-companion', 'recordings');
    await mkdir(dir, { recursive: true });
    const line = (from: string, kind: string, message: object) => JSON.stringify({ at: 1, from, kind, era: '2025-11-25', message });
    const session = (tool: string) =>
      [
        JSON.stringify({ format: 'gateway-companion-recording', version: 1, startedAt: 'x' }),
        line('host', 'request', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: {} } }),
        line('bridge', 'response', { jsonrpc: '2.0', id: 1, result: { content: [] } }),
      ].join('\n') + '\n';
    await writeFile(path.join(dir, 'cursor-2026-11-28_09-00-00.jsonl'), session('get_swap_domains'));
    await writeFile(path.join(dir, 'cursor-2026-11-28_10-00-00.jsonl'), session('get_listing_categories'));
    await writeFile(path.join(dir, 'claude-code-2026-11-28_11-00-00.jsonl'), session('search_assets'));
    const saved = await dispatch('assistants:saveRecordingAsCollection', ['cursor']);
    const file = path.join(
      home.paths.env.XDG_CONFIG_HOME!,
      'gateway-companion',
      'collections',
      'cursor-2026-11-28_10-00-00.collection.json',
    );
    expect(saved).toMatchObject({ ok: true, value: { file, items: 1, recording: path.join(dir, 'cursor-2026-11-28_10-00-00.jsonl') } });
    expect(await readFile(file, 'utf8')).toContain('"tool": "get_listing_categories"');
    expect(await dispatch('assistants:saveRecordingAsCollection', ['cursor'])).toMatchObject({
      ok: false,
      error: { code: 'already_saved', message: `This session is already saved as a collection: ${file}.` },
    });
  });

  it('"Save as collection" writes into the collections folder the user chose, and refuses plainly while it is not there', async () => {
    const recordings = path.join(home.paths.env.XDG_CONFIG_HOME!, 'gateway-companion', 'recordings');
    await mkdir(recordings, { recursive: true });
    await writeFile(
      path.join(recordings, 'cursor-2026-11-28_09-00-00.jsonl'),
      [
        JSON.stringify({ format: 'gateway-companion-recording', version: 1, startedAt: 'x' }),
        JSON.stringify({
          at: 1,
          from: 'host',
          kind: 'request',
          era: '2025-11-25',
          message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_swap_domains', arguments: {} } },
        }),
        JSON.stringify({
          at: 2,
          from: 'bridge',
          kind: 'response',
          era: '2025-11-25',
          message: { jsonrpc: '2.0', id: 1, result: { content: [] } },
        }),
      ].join('\n') + '\n',
    );
    const repo = path.join(home.home, 'repo', 'collections');
    await mkdir(repo, { recursive: true });
    await saveCollectionsFolderSetting(home.paths, repo);
    const file = path.join(repo, 'cursor-2026-11-28_09-00-00.collection.json');
    expect(await dispatch('assistants:saveRecordingAsCollection', ['cursor'])).toMatchObject({ ok: true, value: { file, items: 1 } });
    expect(await readFile(file, 'utf8')).toContain('"tool": "get_swap_domains"');

    await rename(path.join(home.home, 'repo'), path.join(home.home, 'repo-moved'));
    expect(await dispatch('assistants:saveRecordingAsCollection', ['cursor'])).toMatchObject({
      ok: false,
      error: { code: 'folder_unavailable', message: expect.stringContaining(`The collections folder ${repo} is not there now`) as unknown },
    });
    await expect(stat(repo)).rejects.toThrow();
    await expect(stat(path.join(home.paths.env.XDG_CONFIG_HOME!, 'gateway-companion', 'collections'))).rejects.toThrow();
  });
});
