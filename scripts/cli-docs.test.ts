import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands } from '../main/cli/commands/index';
import { CLI_DOC, docBlocks, helpText, refreshed } from './cli-docs';

describe('docs/cli.md', () => {
  const page = readFileSync(CLI_DOC, 'utf8');
  const blocks = docBlocks(page);

  it("shows every command's --help exactly as this version prints it (npm run docs:cli refreshes it)", async () => {
    for (const block of blocks) expect(block.text, block.heading).toBe(await helpText(block.words));
  });

  it('documents every command', () => {
    const documented = new Set(blocks.map((b) => b.words.join(' ')));
    const missing = commands.map((c) => c.path.join(' ')).filter((path) => !documented.has(path));
    expect(missing).toEqual([]);
  });

  it('notices a stale block and refreshes it', async () => {
    const stale = '### companion status\n\n```text\nold help\n```\n';
    expect(docBlocks(stale)).toHaveLength(1);
    const fresh = await refreshed(stale);
    expect(fresh).not.toContain('old help');
    expect(fresh).toContain(await helpText(['status']));
  });
});
