/** Bitcoin-style addresses: base58check P2PKH/P2SH and segwit bech32 (v0) / bech32m (v1+, taproot). */
import { bech32, bech32m } from '@scure/base';
import { fail, ok, type Check } from '../result';
import { firstBadChar } from '../input';
import { decodeBase58Check, type VersionedPayload } from './base58';

export interface UtxoChain {
  readonly label: string;
  /** Start of valid mainnet addresses, for messages, e.g. "1, 3 or bc1". */
  readonly starts: string;
  /** First characters that any mainnet or testnet base58 address of the chain can have. */
  readonly firstChars: string;
  readonly p2pkh: number;
  readonly p2sh: readonly number[];
  readonly testnetVersions: readonly number[];
  /** Segwit human-readable parts, when the chain has segwit. */
  readonly hrp?: string;
  readonly testnetHrps?: readonly string[];
}

export const BITCOIN: UtxoChain = {
  label: 'Bitcoin addresses',
  starts: '1, 3 or bc1',
  firstChars: '13mn2',
  p2pkh: 0x00,
  p2sh: [0x05],
  testnetVersions: [0x6f, 0xc4],
  hrp: 'bc',
  testnetHrps: ['tb', 'bcrt'],
};
export const LITECOIN: UtxoChain = {
  label: 'Litecoin addresses',
  starts: 'L, M, 3 or ltc1',
  firstChars: 'LM3mn2Q',
  p2pkh: 0x30,
  p2sh: [0x32, 0x05],
  testnetVersions: [0x6f, 0xc4, 0x3a],
  hrp: 'ltc',
  testnetHrps: ['tltc', 'rltc'],
};
export const DOGECOIN: UtxoChain = {
  label: 'Dogecoin addresses',
  starts: 'D, A or 9',
  firstChars: 'DA9n2',
  p2pkh: 0x1e,
  p2sh: [0x16],
  testnetVersions: [0x71, 0xc4],
};

const SEGWIT_MAX_LENGTH = 90;
const BECH32_CHAR = /^[02-9ac-hj-np-z]$/;

interface Version extends VersionedPayload {
  readonly testnet: boolean;
}

export function checkUtxoAddress(address: string, chain: UtxoChain): Check<string> {
  const lower = address.toLowerCase();
  const hrps = [chain.hrp, ...(chain.testnetHrps ?? [])].filter((h): h is string => h !== undefined);
  const hrp = hrps.find((h) => lower.startsWith(`${h}1`));
  if (hrp) {
    if (hrp !== chain.hrp) return fail('wrong-network', `this is a testnet address; ${chain.label} start with ${chain.starts}`);
    return checkSegwit(address, hrp, chain.label);
  }
  if (!chain.firstChars.includes(address[0] ?? '')) return fail('wrong-prefix', `${chain.label} start with ${chain.starts}`);
  const versions: Version[] = [chain.p2pkh, ...chain.p2sh].map((v) => ({ version: [v], payloadLength: 20, testnet: false }));
  versions.push(...chain.testnetVersions.map((v) => ({ version: [v], payloadLength: 20, testnet: true })));
  const decoded = decodeBase58Check(address, { label: chain.label, versions, wrongVersion: `${chain.label} start with ${chain.starts}` });
  if (!decoded.ok) return decoded;
  if (decoded.value.testnet) return fail('wrong-network', `this is a testnet address; ${chain.label} start with ${chain.starts}`);
  return ok(address);
}

/** BIP-173/BIP-350 segwit rules: version 0 uses bech32 with a 20- or 32-byte program; 1–16 use bech32m, 2–40 bytes. */
function checkSegwit(address: string, hrp: string, label: string): Check<string> {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    return fail('mixed-case', `the address mixes capital and small letters; ${label} are all small (or all capital) letters — retype it`);
  }
  const lower = address.toLowerCase();
  if (lower.length > SEGWIT_MAX_LENGTH)
    return fail('bad-length', `the address is too long for ${label} — there are extra characters; copy it again`);
  const bad = firstBadChar(lower.slice(hrp.length + 1), BECH32_CHAR, hrp.length + 1);
  if (bad)
    return fail(
      'bad-char',
      `character ${bad.position} (${bad.ch}) cannot appear in ${label} (they never contain 1, b, i or o after "${hrp}1") — check for a typo`,
    );
  // The first data character is the witness version; it says which checksum to verify (v0 bech32, v1+ bech32m).
  const expectV0 = lower[hrp.length + 1] === 'q';
  const decoded = (expectV0 ? bech32 : bech32m).decodeUnsafe(lower, SEGWIT_MAX_LENGTH);
  if (!decoded || decoded.words.length === 0) {
    const other = (expectV0 ? bech32m : bech32).decodeUnsafe(lower, SEGWIT_MAX_LENGTH);
    const why = other ? ' (version 0 addresses use bech32, later versions bech32m)' : '';
    return fail('bad-checksum', `checksum does not match${why} — check for a typo`);
  }
  const [version = 0, ...programWords] = decoded.words;
  if (version > 16) return fail('bad-format', `the address uses an unknown segwit version — it is not one of the ${label}`);
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || program.length < 2 || program.length > 40 || (version === 0 && program.length !== 20 && program.length !== 32)) {
    return fail('bad-length', `the address has the wrong length for ${label} — a character is missing or extra; copy it again`);
  }
  return ok(lower);
}
