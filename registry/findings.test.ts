import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_FINDING_CODES, FINDING_CODES, finding, sortFindings } from './findings';

describe('finding codes', () => {
  it('are all documented in docs/registry-tools.md with their severity', async () => {
    const guide = await readFile(join(import.meta.dirname, '../docs/registry-tools.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## Finding codes'));
    for (const code of ALL_FINDING_CODES) expect(section, code).toContain(`| \`${code}\` | ${FINDING_CODES[code].severity} |`);
    const documented = [...section.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(ALL_FINDING_CODES);
  });

  it('take their severity from the catalog and sort by path, position and severity', () => {
    const a = finding('website-not-https', { path: 'b', line: 3, column: 1 }, 'x');
    const b = finding('id-invalid', { path: 'b', line: 3, column: 1 }, 'x');
    const c = finding('logo-missing', { path: 'a' }, 'x');
    expect([a.severity, b.severity, c.severity]).toEqual(['warning', 'error', 'error']);
    expect(sortFindings([a, b, c])).toEqual([c, b, a]);
    expect(Object.keys(c)).toEqual(['severity', 'code', 'path', 'chain', 'id', 'message']);
  });
});
