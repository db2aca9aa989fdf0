import { describe, expect, it } from 'vitest';
import type { RunReport } from './report';
import { renderReport } from './reporters';

const report: RunReport = {
  durationMs: 1234,
  collections: [
    {
      file: 'docs/collections/a&b.collection.json',
      name: 'A <sample>',
      era: '2025-11-25',
      durationMs: 1200,
      items: [
        {
          index: 1,
          name: 'prices',
          tool: 'get_token_prices',
          status: 'passed',
          durationMs: 12,
          problems: [],
          assertions: [{ index: 1, assert: 'success', passed: true, message: 'succeeded' }],
        },
        {
          index: 2,
          name: 'quote # "x"',
          tool: 'get_swap_quote',
          status: 'failed',
          durationMs: 30,
          problems: [],
          assertions: [{ index: 1, assert: 'equals', pointer: '/structuredContent/x', passed: false, message: 'expected 1, got 2 \u0001' }],
        },
        { index: 3, name: 'typo', tool: 'nope', status: 'error', problems: ['unknown tool "nope"'], assertions: [] },
        {
          index: 4,
          name: 'later',
          tool: 'get_token_prices',
          status: 'skipped',
          problems: ['skipped: --bail stopped the run'],
          assertions: [],
        },
      ],
    },
  ],
  eraDifferences: [
    { file: 'a.json', index: 1, name: 'prices', differences: [{ pointer: '/structuredContent/p', expected: 1, actual: 2 }] },
  ],
};

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A strict little XML reader for the test: elements, attributes, text and entities; throws on anything malformed. */
function parseXml(text: string): XmlElement {
  const body = text.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  const token = /<\/([\w.-]+)>|<([\w.-]+)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const decode = (s: string) => {
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(s)) throw new Error(`bad entity in ${s}`);
    return s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] as string);
  };
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < body.length && (m = token.exec(body))) {
    at = token.lastIndex;
    const top = stack.at(-1) as XmlElement;
    if (m[1]) {
      if (top.name !== m[1]) throw new Error(`</${m[1]}> closes <${top.name}>`);
      stack.pop();
    } else if (m[2]) {
      const attributes: Record<string, string> = {};
      for (const a of (m[3] ?? '').matchAll(/([\w.-]+)="([^"]*)"/g)) attributes[a[1] as string] = decode(a[2] as string);
      const element = { name: m[2], attributes, children: [], text: '' };
      top.children.push(element);
      if (!m[4]) stack.push(element);
    } else top.text += decode(m[5] as string);
  }
  if (at !== body.length || stack.length !== 1) throw new Error(`malformed XML at ${at}`);
  if (root.children.length !== 1 || root.text.trim() !== '') throw new Error('one root element');
  return root.children[0] as XmlElement;
}

const DECIMAL = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;

/** The Ant/Jenkins JUnit schema's required elements and attributes (junit-4.xsd, as CI reporters read it). */
function checkJUnitSchema(root: XmlElement): void {
  expect(root.name).toBe('testsuites');
  for (const suite of root.children) {
    expect(suite.name).toBe('testsuite');
    expect(suite.attributes.name).toBeTruthy();
    for (const count of ['tests', 'failures', 'errors', 'skipped']) expect(suite.attributes[count]).toMatch(INTEGER);
    expect(suite.attributes.time).toMatch(DECIMAL);
    const cases = suite.children;
    expect(cases.length).toBe(Number(suite.attributes.tests));
    const count = (tag: string) => cases.filter((c) => c.children.some((x) => x.name === tag)).length;
    expect(count('failure')).toBe(Number(suite.attributes.failures));
    expect(count('error')).toBe(Number(suite.attributes.errors));
    expect(count('skipped')).toBe(Number(suite.attributes.skipped));
    for (const test of cases) {
      expect(test.name).toBe('testcase');
      expect(test.attributes.name).toBeTruthy();
      expect(test.attributes.classname).toBeTruthy();
      expect(test.attributes.time).toMatch(DECIMAL);
      expect(test.children.length).toBeLessThanOrEqual(1);
      for (const child of test.children) {
        expect(['failure', 'error', 'skipped']).toContain(child.name);
        if (child.name !== 'skipped') expect(child.attributes.type).toBeTruthy();
      }
    }
  }
}

describe('reporters', () => {
  it('junit: well-formed XML with the elements and attributes the JUnit schema requires, text escaped', () => {
    const xml = renderReport(report, 'junit');
    const root = parseXml(xml);
    checkJUnitSchema(root);
    expect(root.attributes).toMatchObject({ tests: '5', failures: '2', errors: '1', skipped: '1' });
    const [suite, eras] = root.children;
    expect(suite?.attributes.name).toBe('A <sample> [2025-11-25]');
    expect(suite?.children[1]?.children[0]).toMatchObject({
      name: 'failure',
      attributes: { message: 'assertion 1 (equals at /structuredContent/x): expected 1, got 2 \ufffd' },
    });
    expect(suite?.children[2]?.children[0]?.text).toBe('unknown tool "nope"');
    expect(eras?.attributes.name).toBe('era comparison');
  });

  it('the checker itself refuses what CI would refuse', () => {
    expect(() => parseXml('<testsuites><testsuite></testsuites>')).toThrow();
    expect(() =>
      checkJUnitSchema(
        parseXml(
          '<testsuites><testsuite name="x" tests="1" failures="0" errors="0" skipped="0" time="1"><testcase name="a" time="0"/></testsuite></testsuites>',
        ),
      ),
    ).toThrow();
  });

  it('tap: TAP 13 with a plan, one point per item and YAML diagnostics', () => {
    const tap = renderReport(report, 'tap');
    const lines = tap.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'TAP version 13',
      '1..5',
      'ok 1 - docs/collections/a&b.collection.json [2025-11-25] 1. prices',
      'not ok 2 - docs/collections/a&b.collection.json [2025-11-25] 2. quote \\# "x"',
    ]);
    expect(tap).toContain(
      '  ---\n  tool: "get_swap_quote"\n  status: failed\n  problems:\n    - "assertion 1 (equals at /structuredContent/x): expected 1, got 2 \\u0001"\n  ...',
    );
    expect(tap).toContain('ok 4 - docs/collections/a&b.collection.json [2025-11-25] 4. later # SKIP skipped');
    expect(tap).toMatch(/not ok 5 - a\.json 1\. prices: same response in both eras/);
  });

  it('pretty and json: the failures with where, and a summary', () => {
    const pretty = renderReport(report, 'pretty');
    expect(pretty).toContain(
      '  ✗ 2. quote # "x" [get_swap_quote] (30 ms)\n      assertion 1 (equals at /structuredContent/x): expected 1, got 2',
    );
    expect(pretty).toContain('  ! 3. typo [nope]\n      unknown tool "nope"');
    expect(pretty.trim().split('\n').at(-1)).toBe(
      '4 items: 1 passed, 1 failed, 1 could not run, 1 skipped, 1 differ between eras in 1234 ms',
    );
    const json = JSON.parse(renderReport(report, 'json')) as { summary: { ok: boolean; total: number } };
    expect(json.summary).toMatchObject({ ok: false, total: 4 });
  });
});
