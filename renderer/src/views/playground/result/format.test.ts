import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countdown,
  formatBytes,
  formatCompact,
  formatCount,
  formatDuration,
  formatHexQuantity,
  formatPercent,
  formatPrice,
  formatTime,
  formatUnits,
  formatWhen,
  shortHash,
  trendClass,
} from './format';

describe('result formatting', () => {
  it('formats prices with precision that fits their size', () => {
    expect(formatPrice(108992.31)).toBe('$108,992.31');
    expect(formatPrice(0.99957165)).toBe('$0.9996');
    expect(formatPrice(0.000039803299)).toBe('$0.0000398');
    expect(formatPrice(3248.6294, 'EUR')).toBe('3,248.63 EUR');
    expect(formatPrice(undefined)).toBe('—');
  });

  it('formats compact figures and signed percentages', () => {
    expect(formatCompact(44980724421)).toBe('44.98B');
    expect(formatPercent(25.4106)).toBe('+25.41%');
    expect(formatPercent(-1.0419)).toBe('−1.04%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(trendClass(-0.1)).toBe('down');
    expect(trendClass('x')).toBe('');
  });

  it('converts smallest units exactly, beyond float precision', () => {
    expect(formatUnits('3248026366', 6)).toBe('3,248.026366');
    expect(formatUnits('1000000000000000000', 18)).toBe('1');
    expect(formatUnits('123456789012345678901234567890', 18)).toBe('123,456,789,012.345678');
    expect(formatUnits('1', 18)).toBe('<0.000001');
    expect(formatUnits('abc', 6)).toBe('abc');
    expect(formatHexQuantity('0x2bf20')).toBe('180,000');
    expect(formatHexQuantity('0xde0b6b3a7640000')).toBe('1,000,000,000,000,000,000');
  });

  it('formats sizes, durations, hashes and countdowns', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatDuration(0.5)).toBe('0.50 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(180_000)).toBe('3 min');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(shortHash('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290…9EE7');
    expect(countdown(125_000, 0)).toBe('2:05');
    expect(countdown(0, 1000)).toBeUndefined();
  });

  it('groups counts as the en-US locale does', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
    expect(formatCount(16_384)).toBe('16,384');
    expect(formatCount(999)).toBe('999');
  });

  it('writes times as the en-GB locale does, with the day for another day than today', () => {
    const moments = fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(moments, moments, (at, now) => {
        const time = at.toLocaleTimeString('en-GB', { hour12: false });
        expect(formatTime(at.getTime())).toBe(time);
        const sameDay = at.toDateString() === now.toDateString();
        expect(formatWhen(at.getTime(), now.getTime())).toBe(
          sameDay ? time : `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`,
        );
      }),
    );
    const noon = new Date(2026, 10, 27, 12, 0, 5).getTime();
    expect(formatWhen(noon - 3_600_000, noon)).toBe('11:00:05');
    expect(formatWhen(new Date(2026, 2, 3, 0, 4, 9).getTime(), noon)).toBe('3 Mar 00:04:09');
  });
});
