import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UsageError, type CliIo } from '../command';
import { captureIo } from '../test-io';
import { noisyJpeg } from '../../../registry/image-fixtures';
import { checkLogo } from '../../../registry/logo-rules';
import { copyCorpus, git, gitInitCommitted, newValoperId, removeDir, tempDir } from '../../../registry/test-support';
import { registryAddCommand, registryCheckCommand, registryDisableCommand, registryUndoCommand, registryUpdateCommand } from './registry';

async function run(command: { run: (argv: readonly string[], io: CliIo) => Promise<number> }, ...argv: string[]) {
  const { io, out, err } = captureIo();
  const code = await command.run(argv, io);
  return { code, out: out(), err: err() };
}

let root: string;
let historyDir: string;
let logoFile: string;
const listFile = () => join(root, 'blockchains/cosmos/validators/list.json');

beforeAll(async () => {
  root = await copyCorpus(['cosmos', 'umee', 'harmony']);
  gitInitCommitted(root);
  historyDir = await tempDir('registry-cli-history-');
  logoFile = join(historyDir, 'photo.jpg');
  await writeFile(logoFile, await noisyJpeg(900, 700));
});
afterAll(async () => {
  await removeDir(root);
  await removeDir(historyDir);
});

describe('companion registry check', () => {
  it('prints findings grouped by file with line:column and a summary, and exits 1 on errors', async () => {
    const { code, out } = await run(registryCheckCommand, root, '--chain', 'umee');
    expect(code).toBe(1);
    expect(out).toContain(
      'blockchains/umee/validators/list.json\n  45:15   error    id-invalid [bandvaloper1hd…egfv2m]  "bandvaloper1hdw8pzr79y4at0teak0mwcrjhv3e6n3wegfv2m" is not a valid Umee validator id',
    );
    expect(out.trimEnd().split('\n').at(-1)).toBe('1 chain, 8 validators, 0 logos: 9 errors, 0 warnings, 0 notes.');
  });

  it('prints the documented JSON shape', async () => {
    const { code, out } = await run(registryCheckCommand, root, '--chain', 'harmony', '--json');
    expect(code).toBe(1);
    const json = JSON.parse(out) as { findings: Record<string, unknown>[]; summary: Record<string, unknown> };
    expect(Object.keys(json)).toEqual(['findings', 'summary']);
    const noScheme = json.findings.find((f) => f.code === 'website-no-scheme')!;
    expect(Object.keys(noScheme)).toEqual(['severity', 'code', 'path', 'chain', 'id', 'message', 'line', 'column', 'field']);
    expect(json.summary).toMatchObject({ chains: 1, entries: 25, logos: 25, byCode: expect.objectContaining({ 'website-no-scheme': 11 }) });
  });

  it('exits 0 without errors, explains a wrong folder, and rejects bad usage', async () => {
    const clean = await copyCorpus(['aptos']);
    const empty = await tempDir();
    try {
      await writeFile(join(clean, 'blockchains/aptos/validators/list.json'), '[]');
      expect(await run(registryCheckCommand, clean)).toEqual({
        code: 0,
        out: '1 chain, 0 validators, 0 logos: 0 errors, 0 warnings, 0 notes.\n',
        err: '',
      });
      const wrong = await run(registryCheckCommand, empty);
      expect([wrong.code, wrong.err]).toEqual([1, expect.stringMatching(/is not a validator registry folder/)]);
    } finally {
      await removeDir(clean);
      await removeDir(empty);
    }
    await expect(run(registryCheckCommand)).rejects.toBeInstanceOf(UsageError);
    await expect(run(registryCheckCommand, root, '--bogus')).rejects.toMatchObject({ code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
    // Arguments the engine refuses are bad usage too: exit 2, as the README says.
    const noChain = await run(registryCheckCommand, root, '--chain', 'nosuchchain');
    expect([noChain.code, noChain.err]).toEqual([2, expect.stringMatching(/No validators folder for "nosuchchain"/)]);
  });
});

describe('companion registry add / update / disable / undo', () => {
  beforeEach(() => {
    git(root, 'reset', '-q', '--hard');
    git(root, 'clean', '-q', '-fdx');
  });

  const addArgs = async (seed: number, ...extra: string[]) => [
    root,
    '--chain',
    'cosmos',
    '--id',
    await newValoperId('cosmosvaloper', seed),
    '--name',
    'CLI Validator',
    '--description',
    'Added from the CLI.',
    '--website',
    'https://cli.example.org',
    '--commission',
    '5',
    '--history-dir',
    historyDir,
    ...extra,
  ];

  it('--dry-run shows the entry, the diff and the files, and writes nothing', async () => {
    const before = await readFile(listFile());
    const { code, out } = await run(registryAddCommand, ...(await addArgs(11, '--logo', logoFile, '--fix-logo', '--dry-run')));
    expect(code).toBe(0);
    expect(out).toMatch(/^Add CLI Validator \(cosmosvaloper1.*\) to Cosmos Hub\n/);
    expect(out).toContain('+            "commission": 5');
    expect(out).toMatch(/Logo fixed: 4 errors, 0 warnings, 0 notes before, 0 errors, 0 warnings, 0 notes after\./);
    expect(out).toMatch(/assets\/cosmosvaloper1\w+\/logo\.png \(new, [\d,]+ bytes\)/);
    expect(out.trimEnd().endsWith('Dry run: nothing was written.')).toBe(true);
    expect(await readFile(listFile())).toEqual(before);
  });

  it('writes nothing and exits 1 when anything is wrong, naming the override', async () => {
    const before = await readFile(listFile());
    const { code, out } = await run(registryAddCommand, ...(await addArgs(12, '--website', 'cli.example.org')));
    expect(code).toBe(1);
    expect(out).toMatch(
      /Nothing was written: fix the errors above, or accept a check knowingly with --override CODE \(website-no-scheme, logo-missing\)\./,
    );
    expect(await readFile(listFile())).toEqual(before);
    await expect(run(registryAddCommand, root, '--chain', 'cosmos')).rejects.toThrow(/missing --id, --name, --description, --website/);
    await expect(run(registryAddCommand, ...(await addArgs(12, '--commission', 'ten')))).rejects.toThrow(/--commission must be a number/);
    const badOverride = await run(registryAddCommand, ...(await addArgs(12, '--override', 'no-such-code')));
    expect([badOverride.code, badOverride.err]).toEqual([2, expect.stringMatching(/"no-such-code" is not a finding code/)]);
  });

  it('adds with a fixed logo, prints JSON, and undo restores the exact bytes', async () => {
    const before = await readFile(listFile());
    const { code, out } = await run(registryAddCommand, ...(await addArgs(13, '--logo', logoFile, '--fix-logo', '--json')));
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      ok: boolean;
      written: boolean;
      operationId: string;
      id: string;
      files: { path: string }[];
      blocking: string[];
    };
    expect(result).toMatchObject({ ok: true, written: true, blocking: [] });
    const logo = join(root, 'blockchains/cosmos/validators/assets', result.id, 'logo.png');
    expect((await checkLogo(logo)).findings).toEqual([]);
    expect(git(root, 'diff', '--numstat').trim()).toMatch(/^\d+\t0\tblockchains\/cosmos\/validators\/list\.json$/);

    const undone = await run(registryUndoCommand, root, '--history-dir', historyDir);
    expect(undone.code).toBe(0);
    expect(undone.out).toMatch(/^Undone: Add CLI Validator/);
    expect(await readFile(listFile())).toEqual(before);
    expect(existsSync(logo)).toBe(false);
    const list = await run(registryUndoCommand, root, '--history-dir', historyDir, '--list');
    expect(list.out).toContain(`${result.operationId}`);
    expect(list.out).toContain('(undone by');
  });

  it('updates and disables in place; refuses an unknown id clearly', async () => {
    const entries = JSON.parse(await readFile(listFile(), 'utf8')) as { id: string; name: string }[];
    const target = entries[5]!;
    expect(
      (await run(registryUpdateCommand, root, '--chain', 'cosmos', '--id', target.id, '--name', 'Renamed', '--history-dir', historyDir))
        .code,
    ).toBe(0);
    const disabled = await run(
      registryDisableCommand,
      root,
      '--chain',
      'cosmos',
      '--id',
      target.id,
      '--note',
      'Shut down',
      '--history-dir',
      historyDir,
    );
    expect(disabled.code).toBe(0);
    const after = (JSON.parse(await readFile(listFile(), 'utf8')) as Record<string, unknown>[])[5];
    expect(after).toMatchObject({ id: target.id, name: 'Renamed', status: { disabled: true, note: 'Shut down' } });
    const diff = git(root, 'diff', '-U0')
      .split('\n')
      .filter((l) => /^[-+]\s/.test(l));
    expect(diff).toEqual([
      `-        "name": "${target.name}",`,
      '+        "name": "Renamed",',
      expect.stringMatching(/^- {8}"website": /),
      expect.stringMatching(/^\+ {8}"website": .*,$/),
      '+        "status": {',
      '+            "disabled": true,',
      '+            "note": "Shut down"',
      '+        }',
    ]);

    const missing = await run(registryDisableCommand, root, '--chain', 'cosmos', '--id', 'cosmosvaloper1xyz', '--note', 'x');
    expect([missing.code, missing.err]).toEqual([
      1,
      'cosmos has no validator with the id cosmosvaloper1xyz. Check the id (it must match exactly), or use add.\n',
    ]);
    await expect(run(registryUpdateCommand, root, '--chain', 'cosmos', '--id', target.id)).rejects.toThrow(/nothing to change/);
  });
});

describe.runIf(process.platform !== 'win32')('refusals shared by every writing command', () => {
  it('add refuses an assets/<id> folder that is a symbolic link (here to another validator), naming it; check reports it too', async () => {
    const assets = join(root, 'blockchains/cosmos/validators/assets');
    const other = (await readdir(assets)).sort()[0]!;
    const otherLogo = await readFile(join(assets, other, 'logo.png'));
    const id = await newValoperId('cosmosvaloper', 77);
    await symlink(join(assets, other), join(assets, id));
    try {
      const check = await run(registryCheckCommand, root, '--chain', 'cosmos');
      expect(check.out).toContain(`The logo folder "${id}" is a symbolic link`);
      const add = await run(
        registryAddCommand,
        root,
        '--chain',
        'cosmos',
        '--id',
        id,
        '--name',
        'Linked',
        '--description',
        'Linked folder.',
        '--website',
        'https://example.org',
        '--logo',
        logoFile,
        '--fix-logo',
        '--history-dir',
        historyDir,
      );
      expect(add.code).toBe(1);
      expect(add.err).toContain(
        `Nothing was written: blockchains/cosmos/validators/assets/${id} is a symbolic link to blockchains/cosmos/validators/assets/${other}`,
      );
      expect((await readFile(join(assets, other, 'logo.png'))).equals(otherLogo)).toBe(true);
    } finally {
      await rm(join(assets, id));
    }
  });

  it('add refuses ids that cannot be a folder everywhere, even with --override chain-unknown', async () => {
    await mkdir(join(root, 'blockchains/newchain/validators'), { recursive: true });
    await writeFile(join(root, 'blockchains/newchain/validators/list.json'), '[]');
    try {
      for (const id of ['.git', 'CON', '  spaced', 'a:b']) {
        const add = await run(
          registryAddCommand,
          root,
          '--chain',
          'newchain',
          '--id',
          id,
          '--name',
          'Odd',
          '--description',
          'Odd id.',
          '--website',
          'https://example.org',
          '--override',
          'chain-unknown',
          '--override',
          'logo-missing',
          '--history-dir',
          historyDir,
        );
        expect({ id, code: add.code }).toEqual({ id, code: 1 });
        expect(add.err).toMatch(/^Nothing was written: the id ".*" .+; no override lifts this\./);
        expect(await readFile(join(root, 'blockchains/newchain/validators/list.json'), 'utf8')).toBe('[]');
      }
    } finally {
      await rm(join(root, 'blockchains/newchain'), { recursive: true });
    }
  });
});
