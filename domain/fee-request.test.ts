import { describe, expect, it } from 'vitest';
import { ADDRESSES, BOT_WORDINGS, IMPERSONATIONS } from '../github/testing/fee-bot-wordings';
import { addressesIn, checkPaymentAddress, MAX_SCANNED, readFeeRequest } from './fee-request';

describe('readFeeRequest: every wording the registry bot has used', () => {
  it.each(BOT_WORDINGS.map((w) => [w.id, w] as const))('%s', (_id, wording) => {
    const reading = readFeeRequest(wording.body(4242, 'octo-operator'));
    expect(reading).toEqual({
      kind: 'request',
      request: { ...wording.expected, memo: wording.expected.memo === 'pr' ? '4242' : null },
    });
  });

  it('reads the request as a mail client quotes it (no markdown, "> " before each line)', () => {
    const quoted = [
      '> Please pay *1000 TWT* with the memo *15667* to the address',
      `> ${ADDRESSES.registryBep2}.`,
      '> Alternatively, 5 BNB is also accepted (same memo & address).',
    ].join('\n');
    expect(readFeeRequest(quoted)).toMatchObject({
      kind: 'request',
      request: { amount: '1000', currency: 'TWT', memo: '15667', address: ADDRESSES.registryBep2, network: 'bep2' },
    });
  });

  it('reads the copies strangers post exactly like the bot’s (who wrote it is judged elsewhere)', () => {
    for (const imp of IMPERSONATIONS.filter((i) => i.id !== 'other-bot'))
      expect(readFeeRequest(imp.body(4242, 'octo-operator'))).toMatchObject({ kind: 'request', request: { address: imp.address } });
  });

  it('has no alternative when the comment names none', () => {
    const body = `Please pay **500 TWT** to the BEP20 (Binance Smartchain) address \`${ADDRESSES.registryBep20}\`.`;
    expect(readFeeRequest(body)).toMatchObject({ kind: 'request', request: { alternative: null, memo: null, reminder: false } });
  });
});

describe('readFeeRequest refuses what it cannot read safely', () => {
  it('an address whose checksum is wrong (one character changed)', () => {
    const broken = ADDRESSES.registryBep2.slice(0, -1) + (ADDRESSES.registryBep2.endsWith('w') ? 'q' : 'w');
    const reading = readFeeRequest(`Please pay **500 TWT** with the memo **1** to the address \`${broken}\`.`);
    expect(reading).toMatchObject({ kind: 'unreadable', reason: expect.stringContaining('does not pass the app') as string });
  });

  it('an EIP-55 address with wrong capitals', () => {
    const wrong = ADDRESSES.registryBep20.replace('A4', 'a4');
    expect(readFeeRequest(`Please pay **500 TWT** to the address \`${wrong}\`.`)).toMatchObject({ kind: 'unreadable' });
  });

  it('a network that does not fit the address', () => {
    const reading = readFeeRequest(`Please pay **500 TWT** to the BEP20 (Binance Smartchain) address \`${ADDRESSES.registryBep2}\`.`);
    expect(reading).toEqual({
      kind: 'unreadable',
      reason: 'it names BNB Smart Chain (BEP20) but gives a BNB Beacon Chain (BEP2) address',
    });
  });

  it('an address of no known shape, and a memo that is not plain', () => {
    expect(readFeeRequest('Please pay 500 TWT to the address TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE.')).toMatchObject({ kind: 'unreadable' });
    expect(readFeeRequest(`Please pay 500 TWT with the memo <img/> to the address ${ADDRESSES.registryBep2}.`)).toMatchObject({
      kind: 'unreadable',
      reason: 'the memo is not a plain number or word',
    });
  });

  it('a payment ask in an unknown shape is "unreadable", and a plain comment is "none"', () => {
    expect(readFeeRequest('Kindly transfer 300 USDT for faster review')).toMatchObject({ kind: 'unreadable' });
    expect(readFeeRequest('Thanks, the logo looks good.')).toEqual({ kind: 'none' });
  });

  it('reads only the start of a huge body, quickly and without error', () => {
    const huge = `${'x '.repeat(MAX_SCANNED)}Please pay **500 TWT** to the address \`${ADDRESSES.registryBep20}\`.`;
    expect(readFeeRequest(huge)).toEqual({ kind: 'none' });
    const adversarial = `Please pay ${'9'.repeat(5000)} TWT with the memo ${'a '.repeat(10_000)}`;
    expect(readFeeRequest(adversarial).kind).not.toBe('request');
  });
});

describe('checkPaymentAddress and addressesIn', () => {
  it('names the network of each address and normalises the case', () => {
    expect(checkPaymentAddress(ADDRESSES.registryBep2)).toEqual({ ok: true, address: ADDRESSES.registryBep2, network: 'bep2' });
    expect(checkPaymentAddress(ADDRESSES.registryBep20.toLowerCase())).toEqual({
      ok: true,
      address: ADDRESSES.registryBep20,
      network: 'bep20',
    });
  });

  it('lists the address-like strings of a comment, bounded', () => {
    expect(addressesIn(`pay ${ADDRESSES.strangerBep20} or ${ADDRESSES.strangerBep2}`)).toEqual([
      ADDRESSES.strangerBep20,
      ADDRESSES.strangerBep2,
    ]);
    const many = Array.from({ length: 50 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`).join(' ');
    expect(addressesIn(many)).toHaveLength(5);
  });
});
