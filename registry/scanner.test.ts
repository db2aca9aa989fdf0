import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDING_CODES } from './findings';
import { checkRegistry, type RegistryReport, type ScanProgress } from './scanner';
import { copyCorpus, removeDir, tempDir } from './test-support';

describe('checkRegistry on a copy of the real corpus', () => {
  let root: string;
  let report: RegistryReport;
  const events: ScanProgress[] = [];
  beforeAll(async () => {
    root = await copyCorpus();
    report = await checkRegistry(root, { onProgress: (e) => events.push(e) });
  });
  afterAll(() => removeDir(root));

  it('checks all 52 lists, 600 entries and 330 logos', () => {
    expect(report.summary).toMatchObject({ chains: 52, entries: 600, logos: 330 });
  });

  it('finds exactly the known real problems, by code', () => {
    expect(report.summary.byCode).toEqual({
      'description-empty': 100,
      'logo-missing': 270, // 248 in the 37 chains without logos in this copy, plus cosmos 3, osmosis 2, solana 16, terra 1
      'logo-not-square': 45,
      'logo-dimensions-too-small': 19,
      'logo-16-bit': 15,
      'logo-size-not-recommended': 84,
      'logo-metadata': 6,
      'website-no-scheme': 11,
      'website-not-https': 8,
      'website-invalid': 1,
      'commission-not-integer': 5,
      'id-invalid': 1,
      'text-whitespace': 1,
      'text-emoji-joiner': 1,
      'list-indentation': 1,
    });
    expect(report.summary).toMatchObject({ errors: 447, warnings: 14, infos: 107 });
    for (const f of report.findings) expect(f.severity).toBe(FINDING_CODES[f.code].severity);
  });

  it('reports each known real problem precisely', () => {
    const one = (code: string, chain: string) => report.findings.filter((f) => f.code === code && f.chain === chain);
    const umee = one('id-invalid', 'umee');
    expect(umee).toHaveLength(1);
    expect(umee[0]).toMatchObject({ severity: 'error', path: 'blockchains/umee/validators/list.json', field: 'id', line: 45 });
    expect(umee[0]!.id).toMatch(/^bandvaloper1/);
    expect(umee[0]!.message).toMatch(/bandvaloper/);

    expect(one('website-no-scheme', 'harmony')).toHaveLength(11);
    expect(one('website-no-scheme', 'harmony')[0]!.message).toBe(
      'The website "pops.one" has no https:// in front. Write it as https://pops.one so the wallet can open it.',
    );
    const typo = one('website-invalid', 'solana');
    expect(typo.map((f) => [f.line, f.column])).toEqual([[60, 14]]);
    expect(typo[0]!.message).toMatch(/"hhttps:\/\/www.coinbase.com\/cloud" starts with "hhttps:" instead of "https:"/);

    expect(one('commission-not-integer', 'tezos').map((f) => f.message.match(/is ([\d.]+);/)![1])).toEqual([
      '14.99',
      '9.95',
      '14.99',
      '9.9',
      '5.9',
    ]);
    // The tezos entry with staking.freeSpace and staking.openForDelegation uses real fields of the format.
    expect(report.findings.filter((f) => f.field?.startsWith('staking.'))).toEqual([]);
    expect(one('list-indentation', 'solana')).toHaveLength(1);

    // Chains with no logos in this copy report every validator; cosmos reports only its 3 without one.
    expect(one('logo-missing', 'akash')).toHaveLength(11);
    expect(one('logo-missing', 'cosmos')).toHaveLength(3);
    expect(one('logo-missing', 'binance')).toHaveLength(0);

    const small = report.findings.filter((f) => f.code === 'logo-dimensions-too-small');
    expect(small.every((f) => /logo\.png$/.test(f.path) && f.id)).toBe(true);
    expect(small.map((f) => f.message.match(/is (\d+×\d+) px/)![1])).toContain('122×122');
    expect(report.findings.find((f) => f.code === 'logo-not-square' && f.message.includes('256×254'))).toBeDefined();
  });

  it('sends progress events: discover, one per list and logo in order, then done', () => {
    expect(events[0]).toEqual({ phase: 'discover', done: 0, total: 0 });
    const checks = events.filter((e) => e.phase === 'check');
    expect(checks).toHaveLength(382);
    expect(checks.map((e) => e.done)).toEqual(Array.from({ length: 382 }, (_, i) => i + 1));
    expect(new Set(checks.map((e) => e.total))).toEqual(new Set([382]));
    expect(events.at(-1)).toEqual({ phase: 'done', done: 382, total: 382 });
  });

  it('stops when its signal is aborted (the UI cancels a scan)', async () => {
    const controller = new AbortController();
    let seen = 0;
    const scan = checkRegistry(root, {
      signal: controller.signal,
      onProgress: (e) => e.phase === 'check' && ++seen === 5 && controller.abort(),
    });
    await expect(scan).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toBeLessThan(382);
  });

  it('checks only the chosen chains, and refuses unknown ones and non-registries', async () => {
    const tron = await checkRegistry(root, { chains: ['tron'] });
    expect(tron.summary).toMatchObject({ chains: 1, entries: 10, logos: 10 });
    await expect(checkRegistry(root, { chains: ['bsc'] })).rejects.toThrow(/No validators folder for "bsc"/);
    await expect(checkRegistry(join(root, 'blockchains', 'cosmos'))).rejects.toThrow(
      `is not a validator registry folder: it has no blockchains/<chain>/validators folders. Choose the folder of your copy of the assets repository (the one that contains "blockchains"). Did you mean "${root}"?`,
    );
  });
});

describe('checkRegistry on a damaged registry', () => {
  let root: string;
  beforeAll(async () => {
    root = await tempDir();
    const chain = join(root, 'blockchains/tron/validators');
    await mkdir(join(root, 'blockchains/bsc/validators'), { recursive: true });
    const copy = await copyCorpus(['tron']);
    await rename(join(copy, 'blockchains/tron'), join(root, 'blockchains/tron'));
    await removeDir(copy);
    const list = JSON.parse(await readFile(join(chain, 'list.json'), 'utf8')) as { id: string }[];
    // A duplicated entry, a JPEG saved as logo.png, a logo named Logo.PNG, an orphan folder.
    await writeFile(join(chain, 'list.json'), JSON.stringify([...list, list[0]], null, 4));
    await writeFile(
      join(chain, 'assets', list[1]!.id, 'logo.png'),
      await sharp({ create: { width: 256, height: 256, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
    );
    await rename(join(chain, 'assets', list[2]!.id, 'logo.png'), join(chain, 'assets', list[2]!.id, 'Logo.PNG'));
    await mkdir(join(chain, 'assets', 'TNotAValidator'));
  });
  afterAll(() => removeDir(root));

  it('finds every problem, including the ones the registry CI misses', async () => {
    const report = await checkRegistry(root);
    const got = report.findings
      .filter((f) => f.code !== 'logo-size-not-recommended' && f.code !== 'logo-not-square')
      .map((f) => `${f.chain} ${f.code}`);
    expect(got.sort()).toEqual([
      'bsc chain-unknown',
      'bsc list-missing',
      'tron id-duplicate',
      'tron logo-bad-name',
      'tron logo-not-png',
      'tron logo-orphan-folder',
    ]);
  });
});

describe.runIf(process.platform !== 'win32')('checkRegistry on a registry with special files', () => {
  let root: string;
  let outside: string;
  beforeAll(async () => {
    root = await tempDir();
    outside = await tempDir();
    const validators = (chain: string) => join(root, 'blockchains', chain, 'validators');
    for (const chain of ['cosmos', 'tron', 'osmosis', 'solana']) await mkdir(validators(chain), { recursive: true });
    execFileSync('mkfifo', [join(validators('cosmos'), 'list.json')]);
    await symlink('/dev/zero', join(validators('tron'), 'list.json'));
    await writeFile(join(outside, 'list.json'), '[]');
    await symlink(join(outside, 'list.json'), join(validators('osmosis'), 'list.json'));
    await mkdir(join(validators('solana'), 'list.json'));
  });
  afterAll(async () => {
    await removeDir(root);
    await removeDir(outside);
  });

  it('ends with one clear finding per list: a FIFO, /dev/zero, a link out of the folder, a folder', async () => {
    // A wait on the FIFO or a read of /dev/zero would hang the scan: the test's time limit catches that.
    const report = await checkRegistry(root);
    const byChain: Record<string, string> = Object.fromEntries(report.findings.map((f) => [f.chain ?? '', `${f.code}: ${f.message}`]));
    expect(report.findings).toHaveLength(4);
    expect(byChain['cosmos']).toMatch(
      /^list-unreadable: .*cosmos\/validators\/list\.json is a named pipe \(FIFO\), not a regular file; replace it/,
    );
    expect(byChain['tron']).toMatch(/^list-unreadable: .*tron\/validators\/list\.json leads outside .* \(a symbolic link to \/dev\/zero\)/);
    expect(byChain['osmosis']).toMatch(/^list-unreadable: .*osmosis\/validators\/list\.json leads outside .* \(a symbolic link to /);
    expect(byChain['solana']).toMatch(/^list-unreadable: .*solana\/validators\/list\.json is a folder, not a regular file/);
  });
});

describe.runIf(process.platform !== 'win32')('checkRegistry on linked and odd logo folders', () => {
  let root: string;
  let outside: string;
  beforeAll(async () => {
    root = await copyCorpus(['cosmos', 'akash']);
    outside = await tempDir();
    const assets = join(root, 'blockchains/cosmos/validators/assets');
    const [first, second] = (await readdir(assets)).sort();
    await rm(join(assets, first!, 'logo.png'));
    await mkdir(join(assets, first!, 'logo.png'));
    await rename(join(assets, second!), join(outside, second!));
    await symlink(join(outside, second!), join(assets, second!));
    await rename(join(root, 'blockchains/akash'), join(outside, 'akash'));
    await symlink(join(outside, 'akash'), join(root, 'blockchains/akash'));
  });
  afterAll(async () => {
    await removeDir(root);
    await removeDir(outside);
  });

  it('says what is wrong and what to do, instead of "misnamed" or "missing"', async () => {
    const report = await checkRegistry(root, { logos: false });
    const unreadable = report.findings.filter((f) => f.code === 'logo-unreadable' || f.code === 'list-unreadable');
    expect(unreadable.map((f) => [f.code, f.message.replace(outside, '<outside>')])).toEqual([
      [
        'list-unreadable',
        `blockchains/akash/validators/list.json was not read: blockchains/akash is a symbolic link to ${await realpath(join(outside, 'akash'))}, outside the registry folder; the companion neither reads nor writes through it. Replace the link with the real folder or file (for example: delete the link, then "git checkout -- blockchains/akash").`.replace(
          outside,
          '<outside>',
        ),
      ],
      [
        'logo-unreadable',
        expect.stringMatching(
          /^blockchains\/cosmos\/validators\/assets\/[^/]+\/logo\.png is a folder, not a regular file, so it cannot be checked or submitted\. Replace it with the PNG file itself\.$/,
        ),
      ],
      ['logo-unreadable', expect.stringMatching(/^The logo folder "[^"]+" is a symbolic link, not a real folder\./)],
    ]);
    expect(report.findings.filter((f) => f.code === 'logo-bad-name' || f.code === 'assets-stray-file')).toEqual([]);
    expect(report.findings.filter((f) => f.code === 'logo-missing' && f.chain === 'cosmos')).toHaveLength(3);
  });
});
