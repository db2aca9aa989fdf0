import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main';
import { captureIo } from '../test-io';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mock-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const c = captureIo();
  const code = await main(argv, c.io);
  return { code, out: c.out(), err: c.err() };
}

describe('companion mock refuses what it cannot serve, in plain words', () => {
  it('a recording of a newer format version', async () => {
    const file = path.join(dir, 'newer.jsonl');
    await writeFile(file, '{"format":"gateway-companion-recording","version":7,"startedAt":"x"}\n');
    const r = await run('mock', file, '--stdio');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `companion mock: ${file}: This recording is format version 7; this Gateway Companion reads up to version 1. Update Gateway Companion to read it.\n`,
    );
    expect(r.out).toBe('');
  });

  it('a line in the middle that is not JSON, by its number', async () => {
    const file = path.join(dir, 'broken.jsonl');
    await writeFile(file, '{"format":"gateway-companion-recording","version":1,"startedAt":"x"}\nnot json\n{}\n');
    const r = await run('mock', file, '--port', '0');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/Line 2 of the recording is not JSON/);
  });

  it('a missing file', async () => {
    const r = await run('mock', path.join(dir, 'nope.jsonl'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/nope\.jsonl/);
  });

  it('a port already in use', async () => {
    const file = path.join(dir, 'ok.jsonl');
    await writeFile(file, '{"format":"gateway-companion-recording","version":1,"startedAt":"x"}\n');
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = busy.address() as AddressInfo;
      const r = await run('mock', file, '--port', String(port));
      expect(r.code).toBe(1);
      expect(r.err).toBe(`companion mock: port ${port} on 127.0.0.1 is already in use; choose another, or --port 0 for a free one.\n`);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('both --port and --stdio, or no file', async () => {
    expect((await run('mock', 'a.jsonl', '--port', '0', '--stdio')).code).toBe(2);
    expect((await run('mock', '--stdio')).code).toBe(2);
    expect((await run('mock', 'a.jsonl', '--port', '70000')).err).toMatch(/--port must be a whole number/);
  });
});
