// A registry folder whose git configuration tries to run programs: through the app's services (open,
// check, write, commit, undo) none of them runs. Each program writes a marker file when it runs; a
// control step at the end runs plain git in the same folder and sees the markers appear, so the
// folder really is hostile and the test can fail.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../../domain/ipc/contract';
import { LOGO_PART_BYTES } from '../../../domain/ipc/registry-channels';
import { runGit } from '../../../platform/process/git';
import { copyCorpus, gitInitCommitted, newValoperId, removeDir, tempDir } from '../../../registry/test-support';
import type { HostContext } from '../host-context';
import { registryHandlers } from '../registry-handlers';
import { ServiceError } from '../service-error';
import { commitFiles } from './git';

// Every hook event of githooks(5).
const HOOKS = [
  'applypatch-msg',
  'pre-applypatch',
  'post-applypatch',
  'pre-commit',
  'pre-merge-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'pre-rebase',
  'post-checkout',
  'post-merge',
  'pre-push',
  'pre-receive',
  'update',
  'proc-receive',
  'post-receive',
  'post-update',
  'reference-transaction',
  'push-to-checkout',
  'pre-auto-gc',
  'post-rewrite',
  'sendemail-validate',
  'fsmonitor-watchman',
  'p4-changelist',
  'p4-prepare-changelist',
  'p4-post-changelist',
  'p4-pre-submit',
  'post-index-change',
];

let root: string;
let outside: string;
let markers: string;
let stateDir: string;
let handlers: ReturnType<typeof registryHandlers>;

const context = (): HostContext => ({
  host: 'browser',
  openLink: async () => false,
  emit: <E extends EventName>(...event: [E, EventPayload<E>]) => void event,
  log: () => undefined,
});

/** An executable that records that it ran (name and arguments), then does `body`. */
async function program(name: string, body = 'exit 0'): Promise<string> {
  const path = join(outside, 'bin', name);
  await writeFile(path, `#!/bin/sh\necho "$0 $*" >> '${markers}/${name}'\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

/** Turns the committed corpus copy into a folder whose git configuration names a program everywhere it can. */
async function makeHostile(): Promise<void> {
  await mkdir(join(outside, 'bin', 'hooks'), { recursive: true });
  for (const hook of HOOKS) {
    const hookPath = await program(`hook-${hook}`);
    await writeFile(join(outside, 'bin', 'hooks', hook), `#!/bin/sh\nexec '${hookPath}' "$@"\n`, { mode: 0o755 });
    await writeFile(join(root, '.git', 'hooks', hook), `#!/bin/sh\nexec '${hookPath}' "$@"\n`, { mode: 0o755 });
  }
  const bin = {
    fsmonitor: await program('fsmonitor', 'exit 1'),
    ssh: await program('ssh', 'exit 1'),
    pager: await program('pager', 'cat'),
    editor: await program('editor', 'echo edited > "$1"'),
    askpass: await program('askpass'),
    credential: await program('credential'),
    gpg: await program('gpg', 'exit 1'),
    diffExternal: await program('diff-external'),
    diffCommand: await program('diff-command'),
    textconv: await program('textconv', 'cat "$1"'),
    clean: await program('clean', 'cat'),
    smudge: await program('smudge', 'cat'),
    process: await program('process-filter', 'exit 1'),
    configHook: await program('config-hook'),
  };
  // Drivers defined in an included file, and one only on branches named add-* (after the wizard's switch).
  await writeFile(
    join(outside, 'included.cfg'),
    `[filter "evil"]\n\tclean = ${bin.clean}\n\tsmudge = ${bin.smudge}\n\trequired = true\n[diff "evil"]\n\tcommand = ${bin.diffCommand}\n\ttextconv = ${bin.textconv}\n`,
  );
  await writeFile(join(outside, 'onbranch.cfg'), `[filter "late"]\n\tprocess = ${bin.process}\n`);
  const config = [
    '[core]',
    `\tfsmonitor = ${bin.fsmonitor}`,
    `\thooksPath = ${join(outside, 'bin', 'hooks')}`,
    `\tsshCommand = ${bin.ssh}`,
    `\tpager = ${bin.pager}`,
    `\teditor = ${bin.editor}`,
    `\taskPass = ${bin.askpass}`,
    '[diff]',
    `\texternal = ${bin.diffExternal}`,
    '[credential]',
    `\thelper = ${bin.credential}`,
    '[gpg]',
    `\tprogram = ${bin.gpg}`,
    '[commit]',
    '\tgpgSign = true',
    '[hook "evil"]',
    `\tcommand = ${bin.configHook}`,
    '\tevent = pre-commit',
    '[include]',
    `\tpath = ${join(outside, 'included.cfg')}`,
    '[includeIf "onbranch:add-*"]',
    `\tpath = ${join(outside, 'onbranch.cfg')}`,
  ].join('\n');
  execFileSync('sh', ['-c', `cat >> .git/config <<'EOF'\n${config}\nEOF`], { cwd: root });
  await writeFile(join(root, '.gitattributes'), '*.png filter=evil diff=evil\n*.json diff=evil\nlist.json filter=late\n');
}

const ran = async () => (await readdir(markers)).sort();

async function logoUpload(): Promise<string> {
  const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
  const parts = Math.max(1, Math.ceil(bytes.length / LOGO_PART_BYTES));
  const uploadId = `hostile-${Math.random().toString(36).slice(2, 10)}`;
  for (let i = 0; i < parts; i++)
    await handlers['registry:uploadLogoPart'](uploadId, i, bytes.subarray(i * LOGO_PART_BYTES, (i + 1) * LOGO_PART_BYTES));
  return (await handlers['registry:inspectLogo'](uploadId, parts, 'logo.jpg')).logoId;
}

async function rejection(call: unknown): Promise<ServiceError> {
  const error = await Promise.resolve(call).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

/** git as a user would run it, honouring everything the folder configures; failures are ignored. */
function plainGit(args: string[], input?: string): void {
  try {
    execFileSync('git', args, { cwd: root, input: input ?? '', stdio: ['pipe', 'ignore', 'ignore'], timeout: 20_000 });
  } catch {
    // The control only needs the programs to have been started.
  }
}

async function safeGit(...args: string[]): Promise<string> {
  const run = await runGit(root, args);
  expect(run.ok, run.stderr).toBe(true);
  return run.stdout;
}

beforeEach(async () => {
  root = await copyCorpus(['cosmos']);
  gitInitCommitted(root);
  outside = await tempDir('hostile-git-');
  markers = join(outside, 'markers');
  await mkdir(markers);
  stateDir = await tempDir('hostile-state-');
  handlers = registryHandlers(context(), { stateDir, historyDir: join(stateDir, 'history') });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(outside);
  await removeDir(stateDir);
});

describe.skipIf(process.platform === 'win32')('a registry folder whose git configuration names programs', () => {
  it('runs none of them when the wizard opens, checks, writes, commits and undoes; plain git runs them', async () => {
    await makeHostile();

    const opened = await handlers['registry:openFolder'](root);
    expect(opened.git).toMatchObject({ branch: expect.any(String) });
    await handlers['registry:check'](root, { scanId: 'hostile' });
    const id = await newValoperId('cosmosvaloper', 11);
    const plan = await handlers['registry:plan'](root, {
      kind: 'add',
      chain: 'cosmos',
      entry: { id, name: 'Hostile Test', description: 'A test validator.', website: 'https://example.com' },
      logo: { logoId: await logoUpload(), fix: { fit: 'cover' } },
    });
    const written = await handlers['registry:write'](plan.planId);
    const paths = written.written.map((w) => w.path);
    const logoPath = paths.find((p) => p.endsWith('logo.png')) as string;
    const blob = (await safeGit('hash-object', '--no-filters', '--', logoPath)).trim();
    const done = await handlers['registry:commit'](root, { branch: 'add-validator', title: 'Add Hostile Test', paths });
    expect(done.branch).toBe('add-validator');
    await handlers['registry:undo'](root, written.operationId);
    await handlers['registry:openFolder'](root);

    expect(await ran()).toEqual([]);
    // The commit holds exactly the written files, as they were (no filter changed them).
    expect((await safeGit('show', '--name-only', '--format=', 'HEAD')).trim().split('\n').sort()).toEqual([...paths].sort());
    expect((await safeGit('rev-parse', `HEAD:${logoPath}`)).trim()).toBe(blob);
    expect((await safeGit('symbolic-ref', '--short', 'HEAD')).trim()).toBe('add-validator');

    // Control: the same folder with plain git runs what it names.
    const list = paths.find((p) => p.endsWith('list.json')) as string;
    await writeFile(join(root, list), `${await readFile(join(root, list), 'utf8')}\n`);
    plainGit(['status']);
    plainGit(['add', '--', list]); // the process filter of add-* branches
    plainGit(['switch', '-q', '-c', 'control']); // a branch without it
    const png = 'blockchains/cosmos/validators/assets/control/logo.png';
    await mkdir(join(root, 'blockchains/cosmos/validators/assets/control'));
    await writeFile(
      join(root, png),
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await writeFile(join(root, 'control.txt'), 'no diff driver: diff.external shows it');
    plainGit(['add', '--', png, 'control.txt']);
    plainGit(['-c', 'commit.gpgSign=false', 'commit', '-q', '-m', 'control']);
    plainGit(['commit', '-q', '--allow-empty', '-m', 'signed']);
    plainGit(['-c', 'commit.gpgSign=false', 'commit', '-q', '--allow-empty']);
    await rm(join(root, png));
    plainGit(['checkout', '--', png]);
    plainGit(['diff', 'HEAD~2']);
    plainGit(['diff', '--no-ext-diff', '--textconv', 'HEAD~2']);
    plainGit(['ls-remote', 'ssh://git.invalid/registry']);
    plainGit(['credential', 'fill'], 'protocol=https\nhost=git.invalid\n\n');
    expect(await ran()).toEqual(
      expect.arrayContaining([
        'fsmonitor',
        'hook-pre-commit',
        'hook-prepare-commit-msg',
        'hook-commit-msg',
        'hook-post-commit',
        'hook-post-checkout',
        'hook-reference-transaction',
        'clean',
        'smudge',
        'process-filter',
        'diff-external',
        'diff-command',
        'textconv',
        'ssh',
        'gpg',
        'credential',
        'askpass',
        'editor',
      ]),
    );
  }, 120_000);
});

describe('pathspecs and branch names', () => {
  it('reads pathspecs literally: a wildcard, :(glob) or :/ cannot commit untracked files', async () => {
    await writeFile(join(root, 'blockchains/cosmos/validators/untracked.txt'), 'not for the commit');
    await writeFile(join(root, 'stray.txt'), 'not for the commit either');
    const [entry] = (await handlers['registry:chainEntries'](root, 'cosmos')).entries;
    const plan = await handlers['registry:plan'](root, { kind: 'disable', chain: 'cosmos', id: entry!.id, note: 'Gone' });
    await handlers['registry:write'](plan.planId);
    const head = (await safeGit('rev-parse', 'HEAD')).trim();

    const wildcard = await rejection(
      handlers['registry:commit'](root, { branch: 'x1', title: 'x', paths: ['blockchains/cosmos/validators/*'] }),
    );
    expect(wildcard.code).toBe('git_failed');
    for (const magic of [':/', ':(glob)**', ':(top)stray.txt']) {
      expect((await rejection(commitFiles(root, { branch: 'x2', title: 'x', paths: [magic] }))).code, magic).toBe('git_failed');
    }
    expect((await safeGit('rev-parse', 'HEAD')).trim()).toBe(head);
    const status = await safeGit('status', '--porcelain');
    expect(status).toContain('?? blockchains/cosmos/validators/untracked.txt');
    expect(status).toContain('?? stray.txt');

    // A file really named like magic is just a file.
    await writeFile(join(root, ':(glob)*'), 'a file with an odd name');
    const done = await commitFiles(root, { branch: 'x3', title: 'odd name', paths: [':(glob)*'] });
    expect((await safeGit('show', '--name-only', '--format=', done.commit)).trim()).toBe(':(glob)*');
    expect(await safeGit('status', '--porcelain')).toContain('?? stray.txt');
  });

  it('refuses bad branch names in plain words, before git runs', async () => {
    const paths = ['blockchains/cosmos/validators/list.json'];
    for (const [branch, words] of [
      ['bad name', 'it contains a space'],
      ['-f', 'it starts with a dash'],
      ['a..b', 'it contains two dots in a row'],
      ['x.lock', 'the part "x.lock" ends with .lock'],
      ['feature/', 'it starts or ends with a slash'],
      ['HEAD', 'HEAD is the name git uses'],
      ['x@{1}', 'it contains the sequence @{'],
    ] as const) {
      const error = await rejection(handlers['registry:commit'](root, { branch, title: 'x', paths }));
      expect(error.code, branch).toBe('bad_branch');
      expect(error.message).toContain(`cannot be a branch name: ${words}`);
    }
  });
});
