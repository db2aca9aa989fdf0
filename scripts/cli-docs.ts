/**
 * docs/cli.md holds each command's `--help` as printed by this version. `npm run docs:cli` rewrites those
 * blocks from the commands themselves; `scripts/cli-docs.test.ts` fails when the page and the commands
 * disagree, so the reference cannot go stale behind a changed option.
 *
 * A block is a heading `## companion …` or `### companion …` (the words up to `--help`, if any, name the
 * command) followed by a fenced `text` block: the block is what `companion <words> --help` prints.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../main/cli/main';
import { captureIo } from '../main/cli/test-io';

export const CLI_DOC = join(import.meta.dirname, '..', 'docs', 'cli.md');

const BLOCK = /^(#{2,3} companion((?: [a-z][a-z-]*)*)(?: --help)?)\n\n```text\n([\s\S]*?)\n```$/gm;

/** What `companion <words> --help` prints, with the help's own trailing newline removed. */
export async function helpText(words: readonly string[]): Promise<string> {
  const { io, out, err } = captureIo({ HOME: '~' });
  await main([...words, '--help'], io);
  return (out() || err()).replace(/\n+$/, '');
}

export interface DocBlock {
  readonly heading: string;
  readonly words: readonly string[];
  readonly text: string;
}

export function docBlocks(markdown: string): DocBlock[] {
  return [...markdown.matchAll(BLOCK)].map((m) => ({
    heading: m[1]!,
    words: m[2]!.trim().split(' ').filter(Boolean),
    text: m[3]!,
  }));
}

/** The page with every help block replaced by what the command prints now. */
export async function refreshed(markdown: string): Promise<string> {
  let out = markdown;
  for (const block of docBlocks(markdown)) {
    const now = await helpText(block.words);
    out = out.replace(`${block.heading}\n\n\`\`\`text\n${block.text}\n\`\`\``, `${block.heading}\n\n\`\`\`text\n${now}\n\`\`\``);
  }
  return out;
}

if (process.argv[1] === import.meta.filename) {
  const before = readFileSync(CLI_DOC, 'utf8');
  const after = await refreshed(before);
  if (after !== before) writeFileSync(CLI_DOC, after);
  console.log(after === before ? 'docs/cli.md already matches every --help.' : 'docs/cli.md: help blocks refreshed.');
}
