import https from 'node:https';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTlsMaterial, type TlsMaterial } from '../../gateway/tls/certificates';
import { portHolder, portStateFile, readRecordedPort, recordPort } from './embedded-port';

let dir: string;
let ours: TlsMaterial;
let theirs: TlsMaterial;
let requests = 0;
const servers: https.Server[] = [];

async function serve(tls: TlsMaterial): Promise<number> {
  const server = https.createServer({ cert: tls.certPem, key: tls.keyPem }, (_req, res) => {
    requests++;
    res.end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'embedded-port-'));
  ours = await ensureTlsMaterial(path.join(dir, 'ours'), ['127.0.0.1']);
  theirs = await ensureTlsMaterial(path.join(dir, 'theirs'), ['127.0.0.1']);
});

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  await rm(dir, { recursive: true, force: true });
});

describe('portHolder', () => {
  it("tells our gateway (verified against our CA) from another config folder's, a plain listener and a free port", async () => {
    expect(await portHolder('127.0.0.1', await serve(ours), ours.caCertPem)).toBe('ours');
    expect(await portHolder('127.0.0.1', await serve(theirs), ours.caCertPem)).toBe('other');
    // Without a CA of our own nothing can be ours.
    expect(await portHolder('127.0.0.1', await serve(ours), undefined)).toBe('other');
    const plain = createServer((socket) => socket.end('HTTP/1.1 200 OK\r\n\r\n'));
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    expect(await portHolder('127.0.0.1', (plain.address() as AddressInfo).port, ours.caCertPem)).toBe('other');
    const free = (plain.address() as AddressInfo).port;
    plain.close(); // Stops listening at once; the callback would wait for the half-closed socket.
    expect(await portHolder('127.0.0.1', free, ours.caCertPem)).toBe('free');
    // The proof is the handshake: no request (and so no secret) reaches anyone.
    expect(requests).toBe(0);
  });
});

describe('the recorded port', () => {
  it('is written atomically and read back; junk or nothing reads as no port', async () => {
    const data = path.join(dir, 'data');
    expect(await readRecordedPort(data)).toBeUndefined();
    await mkdir(data);
    await recordPort(data, 47_312);
    expect(await readRecordedPort(data)).toBe(47_312);
    for (const junk of ['{', '{"port":"47312"}', '{"port":0}', '{"port":70000}', '[]', 'null']) {
      await writeFile(portStateFile(data), junk);
      expect(await readRecordedPort(data)).toBeUndefined();
    }
  });
});
