import { describe, expect, it } from 'vitest';
import { environmentUnderPolicy, hostEnvironmentFor, hostEnvironmentOf, sessionBusHint } from './host-environment';

const env = {
  HOME: '/h',
  PATH: '/bin',
  DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1/bus',
  XDG_RUNTIME_DIR: '/run/user/1',
  SECRET: 'x',
};

describe('host environments', () => {
  it('passes what each policy passes', () => {
    expect(environmentUnderPolicy('inherit', env)).toEqual(env);
    expect(environmentUnderPolicy('sdk-default', env)).toEqual({ HOME: '/h', PATH: '/bin' });
    expect(environmentUnderPolicy('allow-list', env)).toEqual({ HOME: '/h', PATH: '/bin' });
    expect(environmentUnderPolicy('allow-list', env, ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR'])).toEqual({
      HOME: '/h',
      PATH: '/bin',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1/bus',
      XDG_RUNTIME_DIR: '/run/user/1',
    });
  });

  it('knows hosts by their clientInfo name', () => {
    expect(hostEnvironmentOf('codex-mcp-client')?.host).toBe('codex');
    expect(hostEnvironmentOf('mcp-inspector')?.policy).toBe('sdk-default');
    expect(hostEnvironmentOf('something-else')).toBeUndefined();
    expect(hostEnvironmentFor('codex')?.policy).toBe('allow-list');
  });

  it('names the host’s own setting in the keychain hint', () => {
    expect(sessionBusHint('codex-mcp-client')).toContain('~/.codex/config.toml');
    expect(sessionBusHint('my-host')).toContain('The assistant (my-host)');
    expect(sessionBusHint(undefined)).toContain('DBUS_SESSION_BUS_ADDRESS');
  });
});
