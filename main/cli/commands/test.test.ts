// `companion test` end to end, in-process: the sample collection against the embedded reference gateway
// (on a free port, in a throwaway HOME), the reporters, the exit codes and the bad-input messages.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_PORT_ENV } from '../../../platform/credentials/default-profile';
import { freePort, tempHome } from '../../playground/testing';
import { main } from '../main';
import { captureIo } from '../test-io';

const SAMPLE = path.resolve('docs/collections/sample.collection.json');
const { home, env } = tempHome('companion-test-cli-');
const dir = mkdtempSync(path.join(tmpdir(), 'companion-test-files-'));

async function run(...argv: string[]) {
  const c = captureIo(env);
  const code = await main(['test', ...argv], c.io);
  return { code, out: c.out(), err: c.err() };
}

function file(name: string, content: unknown): string {
  const target = path.join(dir, name);
  writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return target;
}

beforeAll(async () => {
  env[EMBEDDED_PORT_ENV] = String(await freePort());
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe('companion test', () => {
  it('runs the sample collection (all 13 tools, the quote feeding the route step) on the embedded gateway: all pass, exit 0', async () => {
    const result = await run(SAMPLE, '--reporter', 'json');
    const report = JSON.parse(result.out) as {
      summary: { ok: boolean; total: number; passed: number };
      collections: Array<{
        items: Array<{ tool: string; status: string; problems: string[]; assertions: Array<{ passed: boolean; message: string }> }>;
      }>;
    };
    const items = report.collections[0]?.items ?? [];
    const notPassed = items.filter((i) => i.status !== 'passed').map((i) => [i.tool, i.problems, i.assertions.filter((a) => !a.passed)]);
    expect(notPassed).toEqual([]);
    expect(new Set(items.map((i) => i.tool)).size).toBe(13);
    expect(report.summary).toMatchObject({ ok: true, total: items.length, passed: items.length });
    expect(result.code).toBe(0);
  }, 120_000);

  it('--era both runs every item in both eras, which agree; --out writes a JUnit report', async () => {
    const out = path.join(dir, 'report.xml');
    const result = await run(SAMPLE, '--era', 'both', '--reporter', 'junit', '--out', out);
    expect(result.out).toMatch(/^30\/30 items passed; junit report written to /);
    const xml = readFileSync(out, 'utf8');
    expect(xml).toContain('[2025-11-25]');
    expect(xml).toContain('[2026-07-28]');
    expect(xml).not.toContain('<failure');
    expect(result.code).toBe(0);
  }, 120_000);

  it('reports every bad item with what to fix, runs the rest, and exits 1 (TAP)', async () => {
    const bad = file('bad.collection.json', {
      name: 'bad',
      items: [
        { name: 'typo', tool: 'get_token_price', arguments: { assets: ['c60'] } },
        { name: 'wrong arguments', tool: 'get_token_prices', arguments: { assets: 'c60' } },
        { name: 'no value', tool: 'get_swap_route_step', arguments: { stepId: '{{stepId}}' } },
        {
          name: 'pointer into nothing',
          tool: 'get_token_prices',
          arguments: { assets: ['c60'] },
          assertions: [{ assert: 'equals', pointer: '/structuredContent/tickers/5/price', value: 1 }],
        },
        { name: 'fine', tool: 'get_token_prices', arguments: { assets: ['c60'] }, assertions: [{ assert: 'success' }] },
      ],
    });
    const result = await run(bad, '--reporter', 'tap');
    expect(result.code).toBe(1);
    const lines = result.out.split('\n');
    expect(lines.slice(0, 2)).toEqual(['TAP version 13', '1..5']);
    expect(result.out).toContain('unknown tool \\"get_token_price\\": the gateway lists search_assets,');
    expect(result.out).toMatch(/arguments do not fit get_token_prices's input schema: .*Fix the item's \\"arguments\\"/);
    expect(result.out).toContain('variable {{stepId}} has no value: set it in the collection');
    expect(result.out).toContain('nothing at /structuredContent/tickers/5 (the response ends before it)');
    expect(lines).toContain(`ok 5 - ${bad} [2025-11-25] 5. fine`);
  }, 120_000);

  it('redacts secret-looking values the report would quote', async () => {
    const key = 'ab'.repeat(32);
    const secret = file('secret.collection.json', {
      name: 's',
      items: [{ name: 'echo', tool: 'get_token_prices', arguments: { assets: key } }],
    });
    const result = await run(secret, '--reporter', 'json');
    expect(result.code).toBe(1);
    expect(result.out).toContain('{\\"assets\\":\\"[redacted]\\"}');
    expect(result.out).not.toContain(key);
  }, 120_000);

  it('exits 2 with one line naming the file and place for a collection that cannot be parsed', async () => {
    const broken = file('broken.collection.json', '{\n  "name": "x",\n  "items": [,]\n}\n');
    expect(await run(broken)).toEqual({
      code: 2,
      out: '',
      err: `companion test: ${broken}: not valid JSON at line 3, column 13: expected a value, found ",". Fix the file and run again.\n`,
    });
    const shape = file('shape.collection.json', { name: 'x', items: [{ name: 'a' }] });
    const shapeRun = await run(shape);
    expect(shapeRun.code).toBe(2);
    expect(shapeRun.err).toMatch(/^companion test: .*shape\.collection\.json: not a collection: item 1 "a", tool: /);
    expect((await run(path.join(dir, 'missing.json'))).err).toMatch(/missing\.json: no such file or folder\.\n$/);
  });

  it('exits 2 on bad usage', async () => {
    expect((await run()).code).toBe(2);
    expect((await run(SAMPLE, '--reporter', 'xml')).err).toContain('--reporter must be one of pretty, json, junit, tap; got "xml".');
    expect((await run(SAMPLE, '--era', '2024')).err).toContain('--era must be one of 2025-11-25, 2026-07-28, both');
    expect((await run(SAMPLE, '--profile', 'nobody')).err).toContain('there is no profile named "nobody"');
    const env = file('env.json', '[1]');
    expect((await run(SAMPLE, '--env', env)).err).toContain('an environment file is one JSON object of variables');
  });

  it("takes variables from --env over the collection's own, and stops at the first failure with --bail", async () => {
    const collection = file('env.collection.json', {
      name: 'env',
      variables: { asset: 'c0' },
      items: [
        {
          name: 'price',
          tool: 'get_token_prices',
          arguments: { assets: ['{{asset}}'] },
          assertions: [{ assert: 'equals', pointer: '/structuredContent/tickers/0/id', value: 'c60' }],
        },
        { name: 'after', tool: 'get_token_prices', arguments: { assets: ['c0'] } },
      ],
    });
    expect((await run(collection, '--env', file('vars.json', { asset: 'c60' }))).code).toBe(0);
    const bailed = await run(collection, '--bail');
    expect(bailed.code).toBe(1);
    expect(bailed.out).toContain('  ✗ 1. price [get_token_prices]');
    expect(bailed.out).toContain('assertion 1 (equals at /structuredContent/tickers/0/id): expected "c60", got "c0"');
    expect(bailed.out).toContain('  - 2. after [get_token_prices]');
  }, 120_000);
});
