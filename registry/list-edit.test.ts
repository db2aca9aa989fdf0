import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEntry, removeEntry, replaceEntry } from './list-edit';
import { encodeList, formatList } from './list-format';
import { parseList } from './list-reader';
import { copyCorpus, corpusChains, git, gitInitCommitted, removeDir } from './test-support';

const place = { path: 'list.json' };
const newEntry = {
  website: 'https://example.org/é',
  description: 'Ünïcode “quotes” and / slashes stay raw',
  name: 'Example Validator',
  id: 'example-id',
  status: { note: 'n', disabled: false },
  payout: { payoutPeriod: 1, commission: 5 },
};

describe('list edits on all 52 real files', () => {
  let root: string;
  let chains: string[];
  beforeAll(async () => {
    chains = await corpusChains();
    root = await copyCorpus();
    gitInitCommitted(root);
  });
  afterAll(() => removeDir(root));

  const listOf = (chain: string) => join(root, 'blockchains', chain, 'validators', 'list.json');

  it('append equals re-emitting the whole file with the entry at the end, and removing it restores the exact bytes', async () => {
    for (const chain of chains) {
      const bytes = await readFile(listOf(chain));
      const doc = parseList(bytes, place);
      const added = appendEntry(doc, newEntry);
      const ordered = {
        id: 'example-id',
        name: 'Example Validator',
        description: newEntry.description,
        website: newEntry.website,
        payout: { commission: 5, payoutPeriod: 1 },
        status: { disabled: false, note: 'n' },
      };
      expect(added, chain).toBe(formatList([...doc.entries, ordered], doc.style));
      const reread = parseList(encodeList(added, doc.style), place);
      expect(reread.entries.at(-1), chain).toEqual(ordered);
      const removed = removeEntry(reread, reread.spans.length - 1);
      expect(encodeList(removed, doc.style).equals(bytes), chain).toBe(true);
    }
  });

  it('after an append, git diff shows only added lines in every file', async () => {
    for (const chain of chains) {
      const doc = parseList(await readFile(listOf(chain)), place);
      await writeFile(listOf(chain), encodeList(appendEntry(doc, newEntry), doc.style));
    }
    const numstat = git(root, 'diff', '--numstat').trim().split('\n');
    expect(numstat).toHaveLength(52);
    // ontology and vechain are the one-line "[]": that line has to open up, so it is the only removal.
    const emptyLists = ['blockchains/ontology/validators/list.json', 'blockchains/vechain/validators/list.json'];
    for (const row of numstat) {
      const [added, deleted, path] = row.split('\t');
      expect(deleted, path).toBe(emptyLists.includes(path!) ? '1' : '0');
      // The entry has 14 lines; files with entries also gain the "}," line.
      expect(Number(added), path).toBeGreaterThanOrEqual(14);
    }
    const removedLines = git(root, 'diff')
      .split('\n')
      .filter((l) => l.startsWith('-') && !l.startsWith('---'));
    expect(removedLines).toEqual(['-[]', '-[]']);
  });

  it('replace changes only the entry concerned, and removing the first entry keeps the rest intact', async () => {
    const bytes = await readFile(listOf('cosmos'));
    const doc = parseList(bytes, place);
    const first = doc.entries[0] as Record<string, unknown>;
    const replaced = parseList(Buffer.from(replaceEntry(doc, 0, { ...first, name: 'Renamed' })), place);
    expect(replaced.entries.slice(1)).toEqual(doc.entries.slice(1));
    expect((replaced.entries[0] as Record<string, unknown>).name).toBe('Renamed');
    const withoutFirst = parseList(Buffer.from(removeEntry(doc, 0)), place);
    expect(withoutFirst.ok).toBe(true);
    expect(withoutFirst.entries).toEqual(doc.entries.slice(1));
  });
});

describe('list edits keep unusual layouts', () => {
  it('leaves escapes and spacing of other entries untouched', () => {
    const text = '[\n  { "id" : "\\u0061", "name": "x" }\n]';
    const doc = parseList(Buffer.from(text), place);
    const out = appendEntry(doc, { id: 'b' });
    expect(out.startsWith('[\n  { "id" : "\\u0061", "name": "x" },\n  {\n    "id": "b"\n  }')).toBe(true);
    expect(removeEntry(parseList(Buffer.from(out), place), 1)).toBe(text);
  });

  it('adds to an empty list with 4 spaces and removing the entry gives back []', () => {
    const doc = parseList(Buffer.from('[]'), place);
    const out = appendEntry(doc, { id: 'a' });
    expect(out).toBe('[\n    {\n        "id": "a"\n    }\n]');
    expect(removeEntry(parseList(Buffer.from(out), place), 0)).toBe('[]');
  });

  it('keeps CRLF line endings and one-line files', () => {
    const crlf = parseList(Buffer.from('[\r\n    {\r\n        "id": "a"\r\n    }\r\n]\r\n'), place);
    expect(appendEntry(crlf, { id: 'b' })).toBe(
      '[\r\n    {\r\n        "id": "a"\r\n    },\r\n    {\r\n        "id": "b"\r\n    }\r\n]\r\n',
    );
    const oneLine = parseList(Buffer.from('[{"id":"a"}]'), place);
    expect(appendEntry(oneLine, { id: 'b' })).toBe('[{"id":"a"},{"id":"b"}]');
  });

  it('refuses to edit a list that does not parse', () => {
    const doc = parseList(Buffer.from('[{'), place);
    expect(() => appendEntry(doc, { id: 'a' })).toThrow(/does not parse/);
  });
});
