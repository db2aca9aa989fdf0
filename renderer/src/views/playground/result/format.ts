/** Number and text formatting for result views: en-US grouping, tabular-friendly, never "NaN". */

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A price with sensible precision: 108,992.31 · 0.9996 · 0.0000398. */
export function formatPrice(value: unknown, currency = 'USD'): string {
  if (!isNum(value)) return '—';
  const text =
    Math.abs(value) >= 1
      ? value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: Math.abs(value) >= 1000 ? 2 : 4 })
      : value.toLocaleString('en-US', { maximumSignificantDigits: 4 });
  return currency === 'USD' ? `$${text}` : `${text} ${currency}`;
}

/** 44.98B · 1.23M · 950 */
export function formatCompact(value: unknown): string {
  if (!isNum(value)) return '—';
  return value.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 2 });
}

/** +25.41% · −1.04% */
export function formatPercent(value: unknown, digits = 2): string {
  if (!isNum(value)) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(digits)}%`;
}

export function trendClass(value: unknown): 'up' | 'down' | '' {
  return isNum(value) ? (value > 0 ? 'up' : value < 0 ? 'down' : '') : '';
}

/**
 * A smallest-unit integer string in whole units, exactly (BigInt, no float rounding):
 * ("3248026366", 6) → "3,248.026366"; trailing zeros dropped, at most `maxFraction` decimals.
 */
export function formatUnits(amount: unknown, decimals: unknown, maxFraction = 6): string {
  if (typeof amount !== 'string' || !/^\d+$/.test(amount)) return typeof amount === 'string' ? amount : '—';
  const d = isNum(decimals) && decimals >= 0 && decimals <= 36 ? decimals : 0;
  const value = BigInt(amount);
  const base = 10n ** BigInt(d);
  const whole = (value / base).toLocaleString('en-US');
  const remainder = value % base;
  const fraction = remainder.toString().padStart(d, '0').slice(0, maxFraction).replace(/0+$/, '');
  // Dust below the shown precision is not zero: say so rather than print "0".
  if (fraction === '' && remainder !== 0n && value < base) return `<0.${'0'.repeat(maxFraction - 1)}1`;
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A hex quantity (0x2bf20) as a grouped decimal. */
export function formatHexQuantity(value: unknown): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) return typeof value === 'string' ? value : '—';
  return BigInt(value).toLocaleString('en-US');
}

/**
 * A count with en-US grouping (16,384): what toLocaleString('en-US') gives for a whole number, without
 * the number formatter, whose first use loads the locale's data (~15 ms) in the middle of showing a
 * large result.
 */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatDuration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${Math.floor(ms / 60_000)} min${seconds ? ` ${seconds} s` : ''}`;
}

/** 0x5290…9EE7 */
export function shortHash(text: string, keep = 6): string {
  return text.length > keep * 2 + 3 ? `${text.slice(0, keep)}…${text.slice(-4)}` : text;
}

/** "2:05" until a moment, or undefined once it has passed. */
export function countdown(until: number, now: number): string | undefined {
  const left = Math.floor((until - now) / 1000);
  if (left < 0) return undefined;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * 14:05:09, the local time of day on the 24-hour clock: what toLocaleTimeString('en-GB', { hour12: false })
 * gives, without building a date formatter on every call (the first one loads the locale's data, ~15 ms).
 */
export function formatTime(at: number): string {
  const d = new Date(at);
  return `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}:${twoDigits(d.getSeconds())}`;
}

let dayAndMonth: Intl.DateTimeFormat | undefined;

/** The time of day for a moment of today ("14:05:09"), else with its day ("3 Mar 14:05:09"). */
export function formatWhen(at: number, now = Date.now()): string {
  const d = new Date(at);
  const today = new Date(now);
  if (d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate())
    return formatTime(at);
  dayAndMonth ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
  return `${dayAndMonth.format(d)} ${formatTime(at)}`;
}
