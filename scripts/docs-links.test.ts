import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anchorsOf, checkDocLinks, docFiles, extractLinks, githubSlug } from './docs-links';

const ROOT = resolve(import.meta.dirname, '..');

describe('the project docs', () => {
  it('have no broken relative link or image, and none into ignored output', () => {
    const files = docFiles(ROOT);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'ARCHITECTURE.md', 'SECURITY.md', 'docs/operator-guide.md']));
    expect(checkDocLinks(ROOT, files)).toEqual([]);
  });
});

describe('the link checker', () => {
  let dir: string;
  const write = (rel: string, text: string | Buffer): void => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  const problems = (): string[] => checkDocLinks(dir).map((p) => `${p.file}:${p.line} ${p.target}: ${p.problem}`);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
    expect(spawnSync('git', ['init', '-q'], { cwd: dir }).status).toBe(0);
    write('.gitignore', 'test-results/\nout/\n');
    write('docs/screenshots/shot.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    write(
      'docs/guide.md',
      [
        '# Guide',
        '',
        '## Command line: `companion`',
        '',
        '## Signing in to GitHub',
        '',
        '## Setup',
        '',
        '## Setup',
        '',
        'The **Drafts**, undo & Check registry',
        '---',
        '',
        '```sh',
        '# not a heading',
        '```',
        '',
        '<a id="custom-anchor"></a>',
      ].join('\n'),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts links and images that resolve, with anchors by GitHub rules', () => {
    write(
      'README.md',
      [
        '# Top',
        '[guide](docs/guide.md) and [cli](docs/guide.md#command-line-companion) and [again](docs/guide.md#setup-1)',
        '![shot](docs/screenshots/shot.png "a title") ![spaced](<docs/screenshots/shot.png>)',
        '[folder](docs/screenshots/) [drafts](docs/guide.md#the-drafts-undo--check-registry) [html](docs/guide.md#custom-anchor)',
        '[here](#top) [external](https://example.com/missing.md) [mail](mailto:a@example.com)',
        '`[in code](missing.md)` and',
        '```md',
        '![in a block](missing.png)',
        '```',
        '[ref]: docs/guide.md#signing-in-to-github',
      ].join('\n'),
    );
    expect(problems()).toEqual([]);
  });

  it('fails on a missing file, a missing image and a missing anchor, naming the line', () => {
    write(
      'README.md',
      '# Top\n\n[gone](docs/missing.md)\n![gone](docs/screenshots/missing.png)\n[bad](docs/guide.md#no-such-heading)\n[self](#nowhere)',
    );
    expect(problems()).toEqual([
      'README.md:3 docs/missing.md: file docs/missing.md does not exist',
      'README.md:4 docs/screenshots/missing.png: image docs/screenshots/missing.png does not exist',
      'README.md:5 docs/guide.md#no-such-heading: docs/guide.md has no heading with the anchor #no-such-heading',
      'README.md:6 #nowhere: README.md has no heading with the anchor #nowhere',
    ]);
  });

  it('fails on a link into ignored output even when the file is there', () => {
    write('test-results/screenshots/github-4-pull-request.png', Buffer.from([0x89]));
    write('docs/guide.md', '# Guide\n\n![The pull request](../test-results/screenshots/github-4-pull-request.png)\n');
    expect(problems()).toEqual([
      'docs/guide.md:3 ../test-results/screenshots/github-4-pull-request.png: test-results/screenshots/github-4-pull-request.png is ignored output (see .gitignore), which a clone does not have',
    ]);
  });

  it('fails on a target outside the repository and checks reference definitions and nested docs', () => {
    write('docs/deep/nested.md', '# Nested\n\n[up](../../../outside.md)\n\n[ref]: ../nope.md\n');
    write('README.md', '# Top\n');
    expect(problems()).toEqual([
      'docs/deep/nested.md:3 ../../../outside.md: the target is outside the repository',
      'docs/deep/nested.md:5 ../nope.md: file docs/nope.md does not exist',
    ]);
  });
});

describe('Markdown reading', () => {
  it('makes heading anchors as GitHub does', () => {
    expect(githubSlug('Command line: `companion`')).toBe('command-line-companion');
    expect(githubSlug("Submitting a validator: the operator's guide")).toBe('submitting-a-validator-the-operators-guide');
    expect(githubSlug('After the pull request: the fee and the review')).toBe('after-the-pull-request-the-fee-and-the-review');
    expect(githubSlug('companion --help')).toBe('companion---help');
    expect(githubSlug('[Works with](x.md) **now**')).toBe('works-with-now');
    expect(githubSlug('Größe & Ümlaut_ok')).toBe('größe--ümlaut_ok');
    expect([...anchorsOf('# A\n## A\n### A\n')]).toEqual(['a', 'a-1', 'a-2']);
  });

  it('reads link destinations with parentheses, titles and images', () => {
    expect(extractLinks('[a](x_(1).md "t") ![b](y.png) [c](<z z.md>)').map((l) => [l.target, l.image])).toEqual([
      ['x_(1).md', false],
      ['y.png', true],
      ['z z.md', false],
    ]);
    expect(extractLinks('[![badge](b.png)](c.md)').map((l) => [l.target, l.image])).toEqual([
      ['b.png', true],
      ['c.md', false],
    ]);
  });
});
