/** Integer token amounts (smallest units) as bigint, converted through USD at float precision. */

/** The amount as a float of whole tokens; precise to ~15 digits, plenty for pricing. */
export function toTokens(amount: bigint, decimals: number): number {
  return Number(amount) / 10 ** decimals;
}

/** Multiplies an integer amount by a positive float ratio without losing the integer's digits. */
export function scale(amount: bigint, ratio: number): bigint {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return 0n;
  // ratio = mantissa · 10^exp with a 15-digit integer mantissa.
  const exp = Math.floor(Math.log10(ratio)) - 14;
  const mantissa = BigInt(Math.round(ratio / 10 ** exp));
  return exp >= 0 ? amount * mantissa * 10n ** BigInt(exp) : (amount * mantissa) / 10n ** BigInt(-exp);
}

/** Reduces by a percentage given in basis points (slippage). */
export function lessBps(amount: bigint, bps: number): bigint {
  return (amount * BigInt(10_000 - Math.round(bps))) / 10_000n;
}
