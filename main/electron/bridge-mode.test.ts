import { describe, expect, it } from 'vitest';
import { bridgeArguments } from './bridge-mode';

describe('--mcp-bridge', () => {
  it('is absent for a normal launch', () => {
    expect(bridgeArguments(['/opt/Gateway Companion/gateway-companion'])).toBeUndefined();
    expect(bridgeArguments(['electron', '.', '--enable-logging'])).toBeUndefined();
  });

  it('passes the arguments after the flag to the bridge', () => {
    expect(bridgeArguments(['/app/gateway-companion', '--mcp-bridge', '--profile', 'work'])).toEqual(['--profile', 'work']);
    expect(bridgeArguments(['electron', 'out/main/index.js', '--no-sandbox', '--mcp-bridge'])).toEqual([]);
  });
});
