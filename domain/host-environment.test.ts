import { describe, expect, it } from 'vitest';
import {
  environmentUnderPolicy,
  hostEnvironmentFor,
  hostEnvironmentOf,
  networkDifferences,
  proxyForDisplay,
  sessionBusHint,
} from './host-environment';

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

describe('what a host passes the bridge on the way to a remote gateway', () => {
  const remote = new URL('https://gateway.example.com/mcp');
  const proxy = { HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: '.corp' };

  it('names a proxy, NO_PROXY and NODE_EXTRA_CA_CERTS the host drops or changes, only where this terminal sets them', () => {
    const here = { ...proxy, NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem', PATH: '/bin' };
    expect(networkDifferences(here, { PATH: '/bin' }, remote, true)).toEqual([
      { kind: 'proxy', name: 'HTTPS_PROXY', here: 'http://proxy.corp:3128', passed: undefined },
      { kind: 'proxy', name: 'NO_PROXY', here: '.corp', passed: undefined },
      { kind: 'ca', name: 'NODE_EXTRA_CA_CERTS', here: '/etc/corp-ca.pem', passed: undefined },
    ]);
    expect(networkDifferences(here, { ...here, HTTPS_PROXY: 'http://other:8080' }, remote, true)).toEqual([
      { kind: 'proxy', name: 'HTTPS_PROXY', here: 'http://proxy.corp:3128', passed: 'http://other:8080' },
    ]);
    expect(networkDifferences(here, here, remote, true)).toEqual([]);
    // What the host adds on its own is its entry's choice.
    expect(networkDifferences({}, here, remote, true)).toEqual([]);
  });

  it('reads the variables as the bridge does: lower case first, http_proxy for https too', () => {
    expect(networkDifferences({ http_proxy: 'http://p:1' }, { HTTP_PROXY: 'http://p:1' }, remote, true)).toEqual([]);
    expect(networkDifferences({ https_proxy: 'http://p:1', HTTPS_PROXY: 'http://q:2' }, {}, remote, true)).toEqual([
      { kind: 'proxy', name: 'https_proxy', here: 'http://p:1', passed: undefined },
    ]);
  });

  it('leaves the proxy out for a profile without proxies and for this machine, which is always reached directly', () => {
    expect(networkDifferences(proxy, {}, remote, false)).toEqual([]);
    expect(networkDifferences(proxy, {}, new URL('https://127.0.0.1:47311/mcp'), true)).toEqual([]);
  });

  it('shows a proxy URL without its credentials', () => {
    expect(proxyForDisplay('http://proxy.corp:3128')).toBe('http://proxy.corp:3128');
    expect(proxyForDisplay('http://ana:s3cret@proxy.corp:3128')).toBe('http://proxy.corp:3128 (its credentials not shown)');
    expect(proxyForDisplay('ana:s3cret@proxy.corp:3128')).not.toContain('s3cret');
  });
});
