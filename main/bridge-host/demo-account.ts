import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readCaFile } from '../../platform/credentials/ca-file';
import type { Credentials } from '../../platform/credentials/keychain';

export interface DemoAccount extends Credentials {
  readonly caCertPath: string;
  readonly caCertPem: string;
}

/** Starts the reference gateway briefly on a free loopback port to read its demo account and CA, then closes it. */
async function fromBriefGateway(dataDir: string): Promise<DemoAccount> {
  const { startGateway } = await import('../../gateway/index');
  const gateway = await startGateway({ dataDir, host: '127.0.0.1', port: 0 });
  try {
    return { accessId: gateway.accessId, secretKey: gateway.secretKey, caCertPath: gateway.caCertPath, caCertPem: gateway.caCertPem };
  } finally {
    await gateway.close();
  }
}

/** The demo account and CA a gateway already left in its data dir; undefined when either is missing or unreadable. */
async function fromDataDir(dataDir: string): Promise<DemoAccount | undefined> {
  const caCertPath = join(dataDir, 'tls', 'ca-cert.pem');
  const { ACCOUNTS_FILE, AccountStore } = await import('../../gateway/upstream/accounts');
  if (!existsSync(join(dataDir, ACCOUNTS_FILE))) return undefined;
  const ca = await readCaFile(caCertPath);
  if (!ca.ok) return undefined;
  try {
    const demo = (await AccountStore.open(dataDir)).demo();
    return { accessId: demo.accessId, secretKey: demo.secretKey, caCertPath, caCertPem: ca.pem };
  } catch {
    return undefined; // A file the gateway would refuse too: starting it says why.
  }
}

/**
 * The reference gateway's demo account and CA, which it creates in its data dir on first start. Where a
 * gateway already ran (the usual case: another process runs it now), they are read from the data dir,
 * which costs milliseconds instead of loading and starting a gateway (a second and more on a loaded
 * machine); the first time, or when they cannot be read, one is started briefly to make them.
 */
export async function learnDemoAccount(
  dataDir: string,
  start: (dataDir: string) => Promise<DemoAccount> = fromBriefGateway,
): Promise<DemoAccount> {
  return (await fromDataDir(dataDir)) ?? start(dataDir);
}
