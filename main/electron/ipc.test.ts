import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Handlers } from '../services/dispatch';

// No Electron binary runs here: mock the module and drive the real handler it registers.
const handlers = new Map<string, (...args: unknown[]) => unknown>();
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (...args: unknown[]) => unknown) => handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}));

const { registerIpc } = await import('./ipc');
const { createDispatcher } = await import('../services/dispatch');
const { IPC_INVOKE } = await import('../../domain/ipc/channel-names');

type Frame = { url: string };
function eventFrom(url: string, opts: { subframe?: boolean; destroyed?: boolean } = {}) {
  const mainFrame: Frame = { url };
  const senderFrame = opts.destroyed ? null : opts.subframe ? { url } : mainFrame;
  return { senderFrame, sender: { mainFrame } };
}

describe('IPC sender and channel validation', () => {
  const ping = vi.fn((text: string) => ({ echo: text, at: 1 }));
  beforeEach(() => {
    handlers.clear();
    ping.mockClear();
    const dispatch = createDispatcher({
      'app:info': () => {
        throw new Error('not used');
      },
      'app:ping': ping,
      'app:openExternal': async () => ({ opened: false }),
    } as Partial<Handlers> as Handlers);
    registerIpc(dispatch);
  });
  const invoke = (event: unknown, channel: unknown, args: unknown) => handlers.get(IPC_INVOKE)!(event, channel, args);

  it('registers exactly one invoke channel', () => {
    expect([...handlers.keys()]).toEqual([IPC_INVOKE]);
  });

  it('dispatches a valid call from the app main frame', async () => {
    await expect(invoke(eventFrom('app://companion/index.html'), 'app:ping', ['hi'])).resolves.toEqual({
      ok: true,
      value: { echo: 'hi', at: 1 },
    });
    expect(ping).toHaveBeenCalledOnce();
  });

  it.each([
    ['a remote page', 'https://evil.example/index.html'],
    ['a look-alike host', 'app://companion.evil/index.html'],
    ['a file URL', 'file:///work/main/out/renderer/index.html'],
    ['a prefix trick', 'app://companionx/index.html'],
    ['an unparseable URL', 'not a url'],
  ])('refuses a foreign sender: %s', async (_name, url) => {
    const result = (await invoke(eventFrom(url), 'app:ping', ['hi'])) as { ok: boolean; error: { code: string } };
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(ping).not.toHaveBeenCalled();
  });

  it('refuses a subframe of the app', async () => {
    const result = await invoke(eventFrom('app://companion/index.html', { subframe: true }), 'app:ping', ['hi']);
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender', message: expect.stringContaining('main frame') } });
    expect(ping).not.toHaveBeenCalled();
  });

  it('refuses a destroyed frame', async () => {
    const result = await invoke(eventFrom('app://companion/index.html', { destroyed: true }), 'app:ping', ['hi']);
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it.each([['app:nope'], ['__proto__'], ['constructor'], [42], [undefined]])('refuses an unknown channel: %s', async (channel) => {
    const result = await invoke(eventFrom('app://companion/index.html'), channel, []);
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it.each([
    ['a wrong type', [42]],
    ['a missing argument', []],
    ['an extra argument', ['hi', 'there']],
    ['a non-array', 'hi'],
    ['an oversized string', ['x'.repeat(201)]],
  ])('refuses invalid arguments: %s', async (_name, args) => {
    const result = await invoke(eventFrom('app://companion/index.html'), 'app:ping', args);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_arguments', message: expect.stringContaining('app:ping') } });
    expect(ping).not.toHaveBeenCalled();
  });
});
