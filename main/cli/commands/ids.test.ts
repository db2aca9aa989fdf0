import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { UsageError } from '../command';
import { captureIo } from '../test-io';
import { commands } from './index';
import { addressCheckCommand, idCheckCommand, type IdCheckResult } from './ids';

const fakeIo = () => captureIo();

const COSMOS_OK = 'cosmosvaloper1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q';
const COSMOS_TYPO = 'cosmosvaloper1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7z';

describe('companion id check', () => {
  it('is registered', () => {
    expect(commands.map((c) => c.path.join(' '))).toEqual(expect.arrayContaining(['id check', 'address check']));
  });

  it('prints one line per id and exits 0 when all are valid', async () => {
    const t = fakeIo();
    expect(await idCheckCommand.run(['--chain', 'cosmos', COSMOS_OK, COSMOS_OK.toUpperCase()], t.io)).toBe(0);
    expect(t.out()).toBe(`valid    ${COSMOS_OK}\nvalid    ${COSMOS_OK.toUpperCase()}  (normalised: ${COSMOS_OK})\n`);
  });

  it('exits 1 and explains each invalid id', async () => {
    const t = fakeIo();
    expect(await idCheckCommand.run(['--chain', 'umee', 'bandvaloper1hdw8pzr79y4at0teak0mwcrjhv3e6n3wegfv2m'], t.io)).toBe(1);
    expect(t.out()).toContain(
      'invalid  bandvaloper1hdw8pzr79y4at0teak0mwcrjhv3e6n3wegfv2m: this is a bandvaloper address (Band Protocol); Umee validator ids start with umeevaloper1',
    );
  });

  it('prints a JSON array of {input, ok, normalized?, message?} with --json', async () => {
    const t = fakeIo();
    expect(await idCheckCommand.run(['--json', '--chain', 'cosmos', COSMOS_OK, COSMOS_TYPO], t.io)).toBe(1);
    const results = JSON.parse(t.out()) as IdCheckResult[];
    expect(results).toEqual([
      { input: COSMOS_OK, ok: true, normalized: COSMOS_OK },
      { input: COSMOS_TYPO, ok: false, message: 'checksum does not match — check for a typo' },
    ]);
  });

  it('shows control characters escaped and long inputs shortened in text output', async () => {
    const t = fakeIo();
    await idCheckCommand.run(['--chain', 'cosmos', `${COSMOS_OK}\n`, 'x'.repeat(5000)], t.io);
    const lines = t.out().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${COSMOS_OK}\\u000a: `);
    expect(lines[1]).toMatch(/^invalid {2}x{60}… \(5000 characters\): the id is 5000 characters long/);
  });

  it('rejects bad usage with a UsageError that helps', async () => {
    const t = fakeIo();
    await expect(idCheckCommand.run(['--chain', 'bsc', '0x1'], t.io)).rejects.toThrow(/did you mean "smartchain"/);
    await expect(idCheckCommand.run([COSMOS_OK], t.io)).rejects.toThrow(UsageError);
    await expect(idCheckCommand.run(['--chain', 'cosmos'], t.io)).rejects.toThrow(/at least one id/);
    await expect(idCheckCommand.run(['--chain', 'cosmos', '--bogus', COSMOS_OK], t.io)).rejects.toMatchObject({
      code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION',
    });
  });

  it('lists every chain in its help', () => {
    expect(idCheckCommand.help).toContain('nativeinjective');
    expect(idCheckCommand.help).toContain('zetachain');
  });
});

describe('companion address check', () => {
  it('checks addresses for the chain of an asset id, aliases and token ids included', async () => {
    const t = fakeIo();
    expect(await addressCheckCommand.run(['--asset', 'c20000714', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'], t.io)).toBe(0);
    expect(t.out()).toBe('valid    0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed  (normalised: 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed)\n');
    const u = fakeIo();
    expect(
      await addressCheckCommand.run(
        ['--asset', 'c195_tTR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '--json', 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH'],
        u.io,
      ),
    ).toBe(0);
    expect(JSON.parse(u.out())).toEqual([
      { input: 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH', ok: true, normalized: 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH' },
    ]);
  });

  it('accepts addresses starting with "-" after --', async () => {
    const t = fakeIo();
    expect(await addressCheckCommand.run(['--asset', 'c607', '--', `-1:${'ab'.repeat(32)}`], t.io)).toBe(0);
  });

  it('exits 1 when an address is invalid, and 2-style usage errors for a bad asset id', async () => {
    const t = fakeIo();
    expect(await addressCheckCommand.run(['--asset', 'c0', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], t.io)).toBe(1);
    expect(t.out()).toContain('this looks like an Ethereum-style (0x…) address, not a Bitcoin address');
    await expect(addressCheckCommand.run(['--asset', 'c9999', 'x'], t.io)).rejects.toThrow(
      /--asset c9999: coin 9999 is not one the gateway serves/,
    );
    await expect(addressCheckCommand.run(['--asset', 'c60_', 'x'], t.io)).rejects.toThrow(/stray "_"/);
  });
});

// The built CLI, as users run it (npm test builds first).
const CLI = 'out/main/cli.js';
describe('built CLI', () => {
  const run = promisify(execFile);
  it('returns exit code 1 for an invalid id and 0 for valid ones', async () => {
    expect(existsSync(CLI), 'build first: npx electron-vite build').toBe(true);
    const ok = await run(process.execPath, [CLI, 'id', 'check', '--chain', 'tezos', 'tz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJHM']);
    expect(ok.stdout).toBe('valid    tz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJHM\n');
    const bad = await run(process.execPath, [CLI, 'id', 'check', '--chain', 'tezos', 'KT1PWx2mnDueood7fEmfbBDKx1D9BAnnXitn']).catch(
      (e: { code: number; stdout: string }) => e,
    );
    expect(bad).toMatchObject({ code: 1, stdout: 'invalid  KT1PWx2mnDueood7fEmfbBDKx1D9BAnnXitn: Tezos ids start with tz1, tz2 or tz3\n' });
    const usage = await run(process.execPath, [CLI, 'address', 'check', '--asset', 'c60']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('at least one address') });
  });
});
