/** Base58check ids with fixed version bytes: Tezos, Tron and XRP Ledger accounts. */
import { fail, ok, type Check } from '../result';
import { decodeBase58Check, type VersionedPayload } from './base58';

interface NamedVersion extends VersionedPayload {
  readonly name: string;
}

const v = (name: string, version: number[]): NamedVersion => ({ name, version, payloadLength: 20 });

/** Tezos implicit accounts (tz1 ed25519, tz2 secp256k1, tz3 p256), tz4 (BLS) and KT1 originated contracts. */
export const TEZOS_VERSIONS: readonly NamedVersion[] = [
  v('tz1', [6, 161, 159]),
  v('tz2', [6, 161, 161]),
  v('tz3', [6, 161, 164]),
  v('tz4', [6, 161, 166]),
  v('KT1', [2, 90, 121]),
];
export const TRON_VERSION: NamedVersion = v('T', [0x41]);
export const XRP_VERSION: NamedVersion = v('r', [0x00]);

/**
 * A Tezos address whose kind (tz1, KT1, …) is one of `kinds`. Bakers are tz1/tz2/tz3; a wallet address may
 * also be tz4 or a KT1 contract; a token contract is KT1.
 */
export function checkTezosAddress(id: string, label: string, kinds: readonly string[]): Check<string> {
  const starts = kinds.length === 1 ? kinds[0] : `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}`;
  const wrong = `${label} start with ${starts}`;
  if (!kinds.some((k) => id.startsWith(k))) return fail('wrong-prefix', wrong);
  const versions = TEZOS_VERSIONS.filter((x) => kinds.includes(x.name));
  const decoded = decodeBase58Check(id, { label, versions, wrongVersion: wrong });
  return decoded.ok ? ok(id) : decoded;
}

/** Tron addresses: version byte 0x41 and a 20-byte hash, "T" + 33 characters. */
export function checkTronAddress(id: string, label: string): Check<string> {
  if (!id.startsWith('T')) {
    const hint = /^(0x)?41[0-9a-fA-F]{40}$/.test(id) ? 'this is the hexadecimal form of a Tron address; ' : '';
    return fail('wrong-prefix', `${hint}${label} start with a capital T (34 characters)`);
  }
  const decoded = decodeBase58Check(id, { label, versions: [TRON_VERSION], wrongVersion: `${label} start with a capital T` });
  return decoded.ok ? ok(id) : decoded;
}

/** Classic XRP Ledger addresses ("r…", XRP's own base58 alphabet). X-addresses are not accepted. */
export function checkXrpAddress(id: string, label: string): Check<string> {
  if (/^[XT][1-9A-HJ-NP-Za-km-z]{40,50}$/.test(id)) {
    return fail(
      'wrong-format',
      `this is an X-address; ${label} here are classic addresses starting with r — use the classic address and destination tag`,
    );
  }
  if (!id.startsWith('r')) return fail('wrong-prefix', `${label} start with a small r`);
  const decoded = decodeBase58Check(id, { label, versions: [XRP_VERSION], wrongVersion: `${label} start with a small r`, alphabet: 'xrp' });
  return decoded.ok ? ok(id) : decoded;
}
