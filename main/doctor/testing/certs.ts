/** Certificates for the doctor's TLS tests: a CA of its own and leaves for any names and dates. */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as never);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

export interface TestCa {
  readonly pem: string;
  readonly cert: x509.X509Certificate;
  readonly key: webcrypto.CryptoKey;
}

async function pkcs8(key: webcrypto.CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

export async function testCa(name = 'Doctor Test CA'): Promise<TestCa> {
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name}`,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 30 * DAY),
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true)],
  });
  return { pem: cert.toString('pem'), cert, key: keys.privateKey };
}

/** A server certificate for `names`, valid from `notBefore` to `notAfter` (default: yesterday to next month). */
export async function testLeaf(
  ca: TestCa,
  names: readonly string[],
  validity: { notBefore?: Date; notAfter?: Date } = {},
): Promise<{ cert: string; key: string }> {
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: String(Date.now() % 1_000_000),
    subject: `CN=${names[0] ?? 'leaf'}`,
    issuer: ca.cert.subject,
    notBefore: validity.notBefore ?? new Date(Date.now() - DAY),
    notAfter: validity.notAfter ?? new Date(Date.now() + 30 * DAY),
    publicKey: keys.publicKey,
    signingKey: ca.key,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names.map((value) => ({ type: isIP(value) ? 'ip' : 'dns', value }) as const)),
    ],
  });
  return { cert: cert.toString('pem'), key: await pkcs8(keys.privateKey) };
}
