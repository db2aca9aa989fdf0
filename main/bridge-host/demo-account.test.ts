import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { learnDemoAccount } from './demo-account';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
const dataDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'demo-account-'));
  dirs.push(dir);
  return dir;
};
const mustNotStart = () => Promise.reject(new Error('started a gateway'));

describe('learnDemoAccount', () => {
  it('starts the gateway once to make the account and CA, then reads them from its data dir', async () => {
    const dir = await dataDir();
    const first = await learnDemoAccount(dir);
    expect(first.accessId).toMatch(/^demo_/);
    expect(first.caCertPem).toContain('-----BEGIN CERTIFICATE-----');
    expect(await learnDemoAccount(dir, mustNotStart)).toEqual(first);
  });

  it('starts the gateway when the data dir has no account or no CA yet', async () => {
    const empty = await dataDir();
    await expect(learnDemoAccount(empty, mustNotStart)).rejects.toThrow('started a gateway');
    const dir = await dataDir();
    await learnDemoAccount(dir);
    await rm(path.join(dir, 'tls'), { recursive: true });
    await expect(learnDemoAccount(dir, mustNotStart)).rejects.toThrow('started a gateway');
  });
});
