/** The wizard's small pure helpers: id input, crop box, checklist, titles, diff rows, chain search, drafts, finding steps. */
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import type { EntrySnapshot, RegistryFinding } from '../../../../domain/ipc/registry-channels';
import { chainOptions, filterChains } from './chain-search';
import { centredSquare, clampSquare, moveSquare, resizeSquare } from './crop';
import { dedentEntry, diffRows, diffStats } from './diff-lines';
import { emptyDraft, hasContent, newerDraft, parseDraft } from './draft';
import { stepForFinding } from './finding-steps';
import { checkIdInput, sentence } from './id-check';
import { buildChecklist, checklistPasses, formatBytes, otherLogoNotes } from './logo-checklist';
import { suggestedBranch, suggestedTitle } from './pull-request';

const finding = (code: string, message = code, extra: Partial<RegistryFinding> = {}): RegistryFinding => ({
  severity: 'error',
  code,
  path: 'p',
  chain: null,
  id: null,
  message,
  meaning: '',
  ...extra,
});

describe('validator id input', () => {
  const id = bech32.encode('cosmosvaloper', bech32.toWords(new Uint8Array(20).fill(7)));
  const listed: EntrySnapshot = { index: 0, id, name: 'Listed', description: '', website: '', unreadable: [] };
  it('uses the identifier module’s message, as a sentence', () => {
    const typo = `${id.slice(0, -1)}${id.endsWith('q') ? 'p' : 'q'}`;
    expect(checkIdInput('cosmos', typo, [])).toEqual({
      kind: 'invalid',
      code: 'bad-checksum',
      message: 'Checksum does not match — check for a typo.',
    });
    expect(checkIdInput('cosmos', '', [])).toMatchObject({
      kind: 'empty',
      message: expect.stringContaining('Cosmos Hub ids look like cosmosvaloper1'),
    });
  });
  it('finds an id that is already listed, also when typed in upper case', () => {
    expect(checkIdInput('cosmos', id.toUpperCase(), [listed])).toMatchObject({ kind: 'listed', value: id, entry: listed });
    expect(checkIdInput('cosmos', id.toUpperCase(), [])).toEqual({ kind: 'valid', value: id, normalised: true });
  });
  it('asks for a chain first', () => {
    expect(checkIdInput('', id, null)).toMatchObject({ kind: 'invalid', code: 'unknown-chain' });
  });
  it('makes sentences', () => {
    expect(sentence('checksum does not match')).toBe('Checksum does not match.');
    expect(sentence('Already fine.')).toBe('Already fine.');
  });
});

describe('crop box', () => {
  it('starts as the largest centred square and stays inside the image', () => {
    expect(centredSquare(3000, 2000)).toEqual({ left: 500, top: 0, width: 2000, height: 2000 });
    const box = centredSquare(3000, 2000);
    expect(moveSquare(box, 5000, -50, 3000, 2000)).toEqual({ left: 1000, top: 0, width: 2000, height: 2000 });
    expect(resizeSquare(box, 1000, 3000, 2000)).toEqual({ left: 1000, top: 500, width: 1000, height: 1000 });
    expect(resizeSquare(box, 10, 3000, 2000).width).toBe(64);
    expect(clampSquare({ left: -3.4, top: 7.6, side: 40 }, 50, 50)).toEqual({ left: 0, top: 0, width: 50, height: 50 });
  });
});

describe('logo checklist', () => {
  it('has one row per rule, failing exactly the rules with findings', () => {
    const rows = buildChecklist({ fileName: 'Brand.JPG', bytes: 1_750_452, format: 'jpeg', width: 3000, height: 2000 }, [
      finding('logo-not-png', 'not a PNG'),
      finding('logo-not-square', 'not square'),
      finding('logo-dimensions-too-large', 'too large'),
      finding('logo-file-too-large', 'too many bytes'),
    ]);
    expect(rows.map((r) => [r.rule, r.status])).toEqual([
      ['name', 'pass'],
      ['png', 'fail'],
      ['square', 'fail'],
      ['dimensions', 'fail'],
      ['bytes', 'fail'],
    ]);
    expect(rows[0]!.detail).toContain('"Brand.JPG" is saved as logo.png');
    expect(rows[2]!.detail).toBe('not square');
    expect(checklistPasses(rows)).toBe(false);
  });
  it('passes a compliant logo and says when 256 px is recommended', () => {
    const rows = buildChecklist({ fileName: 'logo.png', bytes: 12_345, format: 'png', width: 300, height: 300 }, [
      finding('logo-size-not-recommended', 'x', { severity: 'info' }),
      finding('logo-16-bit', 'sixteen', { severity: 'info' }),
    ]);
    expect(checklistPasses(rows)).toBe(true);
    expect(rows.find((r) => r.rule === 'dimensions')!.detail).toContain('256×256 is recommended');
    expect(otherLogoNotes([finding('logo-16-bit'), finding('logo-not-square')]).map((f) => f.code)).toEqual(['logo-16-bit']);
  });
  it('cannot judge the size of an image that does not open', () => {
    const rows = buildChecklist({ fileName: 'x.png', bytes: 10, format: null }, [finding('logo-corrupt')]);
    expect(rows.find((r) => r.rule === 'square')!.status).toBe('unknown');
  });
  it('formats sizes for people', () => {
    expect([formatBytes(999), formatBytes(9_500), formatBytes(83_314), formatBytes(1_750_452)]).toEqual([
      '999 bytes',
      '9.5 kB',
      '83 kB',
      '1.8 MB',
    ]);
  });
});

describe('pull request title and branch', () => {
  it('follows the registry’s usual title and makes a branch git accepts', () => {
    expect(suggestedTitle('add', 'Aurora Staking', 'Cosmos Hub')).toBe('Add Aurora Staking validator to Cosmos Hub');
    expect(suggestedTitle('disable', 'X', 'Kava')).toBe('Disable X validator on Kava');
    expect(suggestedBranch('add', 'Sunflower 🌻 Café!', 'cosmos')).toBe('add-sunflower-cafe-cosmos');
    expect(suggestedBranch('update', '🌻', 'kava')).toBe('update-validator-kava');
  });
});

describe('diff rows', () => {
  const diff = '--- a/l.json\n+++ b/l.json\n@@ -3,2 +3,4 @@\n     }\n+    },\n+    {\n ]\n\\ No newline at end of file\n';
  it('numbers old and new lines and counts changes', () => {
    const rows = diffRows(diff);
    expect(rows.map((r) => [r.kind, r.oldLine, r.newLine])).toEqual([
      ['file', undefined, undefined],
      ['file', undefined, undefined],
      ['hunk', undefined, undefined],
      ['same', 3, 3],
      ['add', undefined, 4],
      ['add', undefined, 5],
      ['same', 4, 6],
      ['note', undefined, undefined],
    ]);
    expect(diffStats(rows)).toEqual({ added: 2, removed: 0 });
  });
  it('shows an entry without the list’s indent', () => {
    expect(dedentEntry('{\n        "id": "x"\n    }')).toBe('{\n    "id": "x"\n}');
  });
});

describe('chain search', () => {
  const options = chainOptions([{ slug: 'cosmos', name: 'Cosmos Hub', validators: 60, known: true }]);
  it('lists all 52 chains with this registry’s counts, and marks chains the copy lacks', () => {
    expect(options).toHaveLength(52);
    expect(options.find((o) => o.slug === 'cosmos')).toMatchObject({ validators: 60, absent: false });
    expect(options.find((o) => o.slug === 'kava')).toMatchObject({ validators: null, absent: true });
  });
  it('matches names, folder names and id prefixes, best first', () => {
    expect(filterChains(options, 'terra').map((o) => o.slug)).toEqual(['terrav2', 'terra']);
    expect(filterChains(options, 'celestiavaloper').map((o) => o.name)).toEqual(['Celestia']);
    expect(
      filterChains(options, 'BNB')
        .map((o) => o.slug)
        .sort(),
    ).toEqual(['binance', 'smartchain']);
    expect(filterChains(options, 'nothing like this')).toEqual([]);
  });
});

describe('drafts', () => {
  it('reads back what was saved, and ignores damaged or foreign data', () => {
    const draft = { ...emptyDraft('/r'), chain: 'cosmos', updatedAt: 5 };
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
    expect(parseDraft('{"version":2}')).toBeNull();
    expect(parseDraft('not json')).toBeNull();
    expect(parseDraft(null)).toBeNull();
  });
  it('keeps the newer of two copies, and knows an empty one', () => {
    const older = { ...emptyDraft(), updatedAt: 1 };
    const newer = { ...emptyDraft(), updatedAt: 2 };
    expect(newerDraft(older, newer)).toBe(newer);
    expect(newerDraft(newer, older)).toBe(newer);
    expect(newerDraft(null, older)).toBe(older);
    expect(hasContent(emptyDraft('/only/a/folder'))).toBe(false);
    expect(hasContent({ ...emptyDraft(), form: { ...emptyDraft().form, name: 'x' } })).toBe(true);
  });
});

describe('finding to step', () => {
  it('sends each finding to the step that fixes it', () => {
    expect(stepForFinding({ code: 'logo-missing' })).toBe('logo');
    expect(stepForFinding({ code: 'id-invalid', field: 'id' })).toBe('id');
    expect(stepForFinding({ code: 'list-invalid-json' })).toBe('chain');
    expect(stepForFinding({ code: 'website-no-scheme', field: 'website' })).toBe('details');
  });
});
