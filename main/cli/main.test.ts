import { describe, expect, it } from 'vitest';
import { main } from './main';
import { captureIo } from './test-io';
import { APP_VERSION } from '../../platform/app-version';

const io = () => {
  const c = captureIo();
  return { ...c.io, out: c.out, err: c.err };
};

describe('companion CLI', () => {
  it('--version prints the package version', async () => {
    const t = io();
    expect(await main(['--version'], t)).toBe(0);
    expect(t.out()).toBe(`${APP_VERSION}\n`);
  });

  it('--help lists the commands', async () => {
    const t = io();
    expect(await main(['--help'], t)).toBe(0);
    expect(t.out()).toContain('Usage: companion <command> [options]');
    expect(t.out()).toMatch(/companion web\s+Run the app in browser mode/);
  });

  it('a command --help prints its own help', async () => {
    const t = io();
    expect(await main(['web', '--help'], t)).toBe(0);
    expect(t.out()).toContain('Usage: companion web [--port N]');
  });

  it('an unknown command or option exits 2 with a pointer to help', async () => {
    const a = io();
    expect(await main(['frobnicate'], a)).toBe(2);
    expect(a.err()).toContain('unknown command "frobnicate"');
    const b = io();
    expect(await main(['web', '--prot', '1'], b)).toBe(2);
    expect(b.err()).toContain('companion web --help');
  });
});
