import type { Credentials } from '../../platform/credentials/keychain';

export interface DemoAccount extends Credentials {
  readonly caCertPath: string;
  readonly caCertPem: string;
}

/**
 * The reference gateway's demo account and CA, which it creates in its data dir on first start: started
 * briefly on a free loopback port to read them, then closed.
 */
export async function learnDemoAccount(dataDir: string): Promise<DemoAccount> {
  const { startGateway } = await import('../../gateway/index');
  const gateway = await startGateway({ dataDir, host: '127.0.0.1', port: 0 });
  try {
    return { accessId: gateway.accessId, secretKey: gateway.secretKey, caCertPath: gateway.caCertPath, caCertPem: gateway.caCertPem };
  } finally {
    await gateway.close();
  }
}
