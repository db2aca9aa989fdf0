import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentPathContext, type PathContext } from '../../platform/credentials/config-paths';
import { currentHandshake, entryFingerprint, handshakesFile, readHandshakes, recordHandshake } from './handshake-record';

let home: string;
let paths: PathContext;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'handshakes-'));
  paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), APPDATA: join(home, 'AppData') });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const entry = { command: '/usr/bin/node', args: ['/app/cli.js', 'bridge', '--profile', 'default'], profile: 'default' };

describe('assistants that really connected', () => {
  it('keeps a passed handshake for the entry that was tested, and only for it', async () => {
    expect(await readHandshakes(paths)).toEqual({});
    await recordHandshake(paths, 'cursor', { at: 1000, toolCount: 13, entry: entryFingerprint(entry) });
    const records = await readHandshakes(paths);
    expect(currentHandshake(records, 'cursor', entryFingerprint(entry))).toMatchObject({ at: 1000, toolCount: 13 });
    // Another profile, or the entry removed: not connected any more.
    expect(currentHandshake(records, 'cursor', entryFingerprint({ ...entry, profile: 'work' }))).toBeUndefined();
    expect(currentHandshake(records, 'cursor', undefined)).toBeUndefined();
    expect(currentHandshake(records, 'zed', entryFingerprint(entry))).toBeUndefined();
  });

  it('reads a damaged record as "not tested yet", and the next pass rewrites it', async () => {
    const file = handshakesFile(paths);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{ not json');
    expect(await readHandshakes(paths)).toEqual({});
    writeFileSync(file, JSON.stringify({ cursor: { at: 'yesterday' }, zed: { at: 1, toolCount: 2, entry: 'x' } }));
    expect(Object.keys(await readHandshakes(paths))).toEqual(['zed']);
    await recordHandshake(paths, 'cursor', { at: 5, toolCount: 13, entry: 'y' });
    expect(Object.keys(await readHandshakes(paths)).sort()).toEqual(['cursor', 'zed']);
  });
});
