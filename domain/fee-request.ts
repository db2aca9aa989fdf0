/**
 * Reads the registry's fee request out of a pull-request comment: the amount and currency, the accepted
 * alternative, the payment address with its network, the memo if any, and whether it is a reminder.
 *
 * The registry's bot has written this in several shapes over the years (all handled here):
 *   2020–2023  "Please pay **N TWT** with the memo **<PR>** to the address `bnb1…`.
 *               Alternatively, X BNB is also accepted (same memo & address)."
 *   2024–2025  "Please pay **N TWT** to the BEP20 (Binance Smartchain) address `0x…`.
 *               Alternatively, X BNB is also accepted (same address)."
 *   reminders  "@login, kind reminder: please pay fee: **N TWT** [with the memo **<PR>**] to the address `…`."
 * Mail clients quote it without the markdown, so bold, code marks and quote markers are ignored.
 *
 * Comment bodies are untrusted and can be huge: only the first MAX_SCANNED characters are read, and every
 * pattern is bounded. The address must pass our own checks (bech32 with its checksum for `bnb1…`, EIP-55
 * for `0x…`); a request whose address fails them is reported as unreadable, never shown as payable.
 * Pure: no I/O.
 */
import { checkBech32Id } from './formats/bech32-id';
import { checkEvmAddress } from './formats/evm-address';

/** The request sits near the top of the bot's comment; a longer body is only scanned this far. */
export const MAX_SCANNED = 20_000;

export type FeeNetwork = 'bep2' | 'bep20';

/** Plain names of the two networks the bot has asked to be paid on. */
export const NETWORK_NAMES: Readonly<Record<FeeNetwork, string>> = {
  bep2: 'BNB Beacon Chain (BEP2)',
  bep20: 'BNB Smart Chain (BEP20)',
};

export interface FeeAmount {
  /** As written, e.g. "500" or "2.5". */
  readonly amount: string;
  /** e.g. "TWT", "BNB". */
  readonly currency: string;
}

export interface FeeRequest extends FeeAmount {
  readonly alternative: FeeAmount | null;
  readonly address: string;
  readonly network: FeeNetwork;
  /** The memo the payment must carry (BEP2 era: the pull request's number); null when none is asked. */
  readonly memo: string | null;
  /** A "kind reminder" rather than the first request. */
  readonly reminder: boolean;
}

export type FeeReading =
  | { readonly kind: 'request'; readonly request: FeeRequest }
  /** It asks for payment, but the amount or the address cannot be read safely. */
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'none' };

const AMOUNT = String.raw`(\d{1,12}(?:\.\d{1,18})?)\s{0,4}([A-Z]{2,10})`;
const ASK = new RegExp(
  String.raw`please pay(?: fee:)?\s{1,8}${AMOUNT}\s{1,8}(?:with the memo\s{1,8}([^\s]{1,80})\s{1,8})?to the\s{1,8}(?:(BEP-?20|BEP-?2)\b[^\n]{0,40}?\s)?address\s{1,8}([^\s]{1,120})`,
  'i',
);
const ALTERNATIVE = new RegExp(String.raw`alternatively,?\s{1,8}${AMOUNT}\s{1,8}(?:is\s{1,4})?also accepted`, 'i');
const REMINDER = /\bkind reminder\b/i;
/** Words of a payment request, for "does this comment ask for money?" when no full request is found. */
const PAYMENT_WORDS = /\b(?:pay|paid|payment|fee|send|transfer|deposit)\b[^\n]{0,80}?\b(?:TWT|BNB|USDT|ETH|BTC)\b|\bmemo\b/i;

/** Candidate addresses in free text: bnb1… bech32 and 0x… hex, whatever their case or checksum. */
const ADDRESS_CANDIDATES = /\b(?:bnb1[0-9a-z]{38}|0x[0-9a-fA-F]{40})\b/gi;

/** Drops markdown emphasis, code marks and quote markers, and joins lines, so all the shapes read alike. */
function plainText(body: string): string {
  return body
    .slice(0, MAX_SCANNED)
    .replace(/^[ \t]{0,8}(?:>[ \t]?){1,8}/gm, '')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ');
}

/** The address checked with our own rules, or why it fails them. */
export function checkPaymentAddress(raw: string): { ok: true; address: string; network: FeeNetwork } | { ok: false; reason: string } {
  const address = raw.replace(/[.,;:!)\]]+$/, '');
  if (/^bnb1/i.test(address)) {
    const check = checkBech32Id(address, { prefix: 'bnb', byteLengths: [20], label: 'BNB Beacon Chain addresses' });
    return check.ok ? { ok: true, address: check.value, network: 'bep2' } : { ok: false, reason: check.message };
  }
  if (/^0x/i.test(address)) {
    const check = checkEvmAddress(address, 'BNB Smart Chain addresses');
    return check.ok ? { ok: true, address: check.value, network: 'bep20' } : { ok: false, reason: check.message };
  }
  return { ok: false, reason: 'the address is neither a BNB Beacon Chain (bnb1…) nor a BNB Smart Chain (0x…) address' };
}

/** Reads a fee request from a comment's text (who wrote it is checked elsewhere, see fee-status.ts). */
export function readFeeRequest(body: string): FeeReading {
  const text = plainText(body);
  const ask = ASK.exec(text);
  if (!ask)
    return PAYMENT_WORDS.test(text)
      ? { kind: 'unreadable', reason: 'it mentions a payment in a shape the app does not know' }
      : { kind: 'none' };
  const [, amount = '', currency = '', rawMemo, networkWord, rawAddress = ''] = ask as unknown as (string | undefined)[];
  const checked = checkPaymentAddress(rawAddress);
  if (!checked.ok) return { kind: 'unreadable', reason: `the payment address does not pass the app's checks: ${checked.reason}` };
  const said = networkWord ? (/20$/.test(networkWord) ? 'bep20' : 'bep2') : undefined;
  if (said && said !== checked.network)
    return {
      kind: 'unreadable',
      reason: `it names ${NETWORK_NAMES[said]} but gives a ${NETWORK_NAMES[checked.network]} address`,
    };
  const memo = rawMemo?.replace(/[.,;:!)\]]+$/, '') ?? null;
  if (memo !== null && !/^[A-Za-z0-9-]{1,64}$/.test(memo)) return { kind: 'unreadable', reason: 'the memo is not a plain number or word' };
  const alt = ALTERNATIVE.exec(text);
  return {
    kind: 'request',
    request: {
      amount,
      currency: currency.toUpperCase(),
      alternative: alt ? { amount: alt[1]!, currency: alt[2]!.toUpperCase() } : null,
      address: checked.address,
      network: checked.network,
      memo,
      reminder: REMINDER.test(text),
    },
  };
}

/** Every address-like string in a comment (at most `limit`), as written: what a stranger's comment asks to be paid to. */
export function addressesIn(body: string, limit = 5): string[] {
  const found = new Set<string>();
  for (const match of body.slice(0, MAX_SCANNED).matchAll(ADDRESS_CANDIDATES)) {
    found.add(match[0]);
    if (found.size >= limit) break;
  }
  return [...found];
}
