import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeList, formatList } from './list-format';
import { parseList } from './list-reader';
import { CORPUS_ROOT, corpusChains } from './test-support';

const place = { path: 'blockchains/x/validators/list.json', chain: 'x' };
const parse = (text: string | Buffer) => parseList(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), place);
const codes = (text: string | Buffer) => parse(text).findings.map((f) => f.code);

describe('parseList on the real corpus', () => {
  it('re-emits every one of the 52 files byte for byte from its parsed entries and detected style', async () => {
    const chains = await corpusChains();
    expect(chains).toHaveLength(52);
    const trailing = new Set<string>();
    for (const chain of chains) {
      const bytes = await readFile(join(CORPUS_ROOT, 'blockchains', chain, 'validators', 'list.json'));
      const doc = parseList(bytes, place);
      expect(doc.ok, chain).toBe(true);
      expect(doc.canonical, chain).toBe(true);
      expect(encodeList(formatList(doc.entries, doc.style), doc.style).equals(bytes), chain).toBe(true);
      trailing.add(doc.style.trailing);
    }
    // The quirks the corpus is known for are all represented.
    expect([...trailing].sort()).toEqual(['', '\n', ' ', ' \n'].sort());
  });

  it('detects the one tab-indented file and says so as information only', async () => {
    const doc = parseList(await readFile(join(CORPUS_ROOT, 'blockchains/solana/validators/list.json')), place);
    expect(doc.style.indent).toBe('\t');
    expect(doc.findings.map((f) => [f.code, f.severity])).toEqual([['list-indentation', 'info']]);
  });
});

describe('parseList on broken files', () => {
  it('gives the exact line and column of a missing comma', () => {
    const doc = parse('[\n    {\n        "id": "a"\n        "name": "b"\n    }\n]\n');
    expect(doc.ok).toBe(false);
    expect(doc.findings).toHaveLength(1);
    expect(doc.findings[0]).toMatchObject({ code: 'list-invalid-json', severity: 'error', line: 4, column: 9 });
    expect(doc.findings[0]!.message).toContain('line 4, column 9');
    expect(doc.findings[0]!.message).toContain('","');
  });

  it('explains a trailing comma', () => {
    const [f] = parse('[\n    {"id": "a"},\n]').findings;
    expect(f).toMatchObject({ code: 'list-invalid-json', line: 3, column: 1 });
    expect(f!.message).toMatch(/after the last item; remove it/);
  });

  it('reports an unterminated string, comments, an empty file and raw control characters', () => {
    expect(parse('[{"id": "abc}]').findings[0]!.message).toMatch(/closing double quote/);
    expect(parse('[ // note\n]').findings[0]!.message).toMatch(/comments are not allowed/);
    expect(parse('').findings[0]).toMatchObject({ code: 'list-invalid-json', line: 1, column: 1 });
    expect(parse('[{"id": "a\tb"}]').findings[0]!.message).toMatch(/control character/);
  });

  it('refuses a top-level object and invalid UTF-8', () => {
    expect(codes('{"id": "a"}')).toEqual(['list-not-array']);
    const bad = parse(Buffer.from([0x5b, 0x0a, 0x22, 0xff, 0x22, 0x5d]));
    expect(bad.ok).toBe(false);
    expect(bad.findings[0]).toMatchObject({ code: 'list-invalid-utf8', line: 2 });
  });

  it('reports a BOM but still reads the list, and keeps the BOM when re-emitting', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[\n    {\n        "id": "a"\n    }\n]')]);
    const doc = parse(bytes);
    expect(doc.ok).toBe(true);
    expect(doc.findings.map((f) => f.code)).toEqual(['list-bom']);
    expect(encodeList(formatList(doc.entries, doc.style), doc.style).equals(bytes)).toBe(true);
  });

  it('reports duplicate keys with their position and entry id, including inside nested objects', () => {
    const doc = parse(
      '[\n    {\n        "id": "a",\n        "name": "x",\n        "name": "y",\n        "payout": {"commission": 1, "commission": 2}\n    }\n]',
    );
    expect(doc.ok).toBe(true);
    const dupes = doc.findings.filter((f) => f.code === 'list-duplicate-key');
    expect(dupes.map((f) => [f.line, f.column, f.id])).toEqual([
      [5, 9, 'a'],
      [6, 37, 'a'],
    ]);
    expect(doc.spans[0]!.duplicateKeys).toEqual(['name', 'payout.commission']);
  });

  it('classifies indentation: 2 spaces and one line are unusual, mixing is a warning', () => {
    expect(codes('[\n  {\n    "id": "a"\n  }\n]')).toEqual(['list-indentation']);
    expect(codes('[{"id": "a"}]')).toEqual(['list-indentation']);
    expect(codes('[\n    {\n\t\t"id": "a"\n    }\n]')).toEqual(['list-indentation-mixed']);
    expect(codes('[\n    {\n        "id": "a"\n    }\n]')).toEqual([]);
  });

  it('notices escapes and odd spacing as a layout difference', () => {
    expect(codes('[\n    {\n        "id": "\\u0061"\n    }\n]')).toEqual(['list-not-canonical']);
    expect(codes('[\n    {\n        "id" : "a"\n    }\n]')).toEqual(['list-not-canonical']);
  });

  it('records field positions for each entry', () => {
    const doc = parse('[\n    {\n        "id": "a",\n        "payout": {\n            "commission": 5\n        }\n    }\n]');
    expect(doc.spans[0]!.fields['id']).toEqual({ line: 3, column: 15 });
    expect(doc.spans[0]!.fields['payout.commission']).toEqual({ line: 5, column: 27 });
  });
});
