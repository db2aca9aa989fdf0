import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentPathContext, profilesFile } from '../../../platform/credentials/config-paths';
import { ProfileStore } from '../../../platform/credentials/profiles';
import { UsageError } from '../command';
import { captureIo } from '../test-io';
import { doctorCommand } from './doctor';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'doctor-cli-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

function io() {
  const captured = captureIo();
  return {
    ...captured.io,
    env: { HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'), PATH: process.env.PATH ?? '' },
    out: captured.out,
  };
}

describe('companion doctor', () => {
  it('refuses an unknown assistant or a bad profile name as usage (exit 2)', async () => {
    await expect(doctorCommand.run(['--client', 'notepad'], io())).rejects.toThrow(UsageError);
    await expect(doctorCommand.run(['--client', 'notepad'], io())).rejects.toThrow(/choose one of claude-desktop/);
    await expect(doctorCommand.run(['--profile', '../x'], io())).rejects.toThrow(UsageError);
  });

  it('--json prints the report as one object, and exits 1 at the broken hop', async () => {
    const cli = io();
    await new ProfileStore(profilesFile(currentPathContext(cli.env))).save({
      name: 'gone',
      kind: 'remote',
      url: 'https://gateway.doctor-cli.invalid/mcp',
    });
    const code = await doctorCommand.run(['--profile', 'gone', '--json'], cli);
    expect(code).toBe(1);
    const report = JSON.parse(cli.out()) as { version: number; verdict: string; hops: { id: string; status: string; cause?: string }[] };
    expect(report).toMatchObject({ version: 1, verdict: 'broken', profile: 'gone' });
    expect(report.hops.find((h) => h.status === 'failed')).toMatchObject({ id: 'profile', cause: 'no_secret' });
  });
});
