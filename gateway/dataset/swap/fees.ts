import { hashString, unit } from '../random';
import type { SwapDomain } from './domains';
import type { StepType } from './step-store';

export const GAS_LIMITS: Readonly<Record<StepType | 'APPROVE', bigint>> = {
  STEP_TYPE_SWAP: 180_000n,
  STEP_TYPE_BRIDGE: 260_000n,
  STEP_TYPE_WRAP: 45_000n,
  STEP_TYPE_UNWRAP: 40_000n,
  APPROVE: 60_000n,
};

// Typical gas prices in gwei, and fees of the other chains in their smallest units: [low, high].
const EVM_GWEI: Readonly<Record<string, readonly [number, number]>> = {
  ethereum: [6, 30],
  smartchain: [0.8, 3],
  polygon: [30, 120],
  arbitrum: [0.01, 0.05],
  optimism: [0.001, 0.01],
  base: [0.005, 0.05],
  avalanche: [1, 5],
};
const OTHER_FEES: Readonly<Record<string, readonly [number, number]>> = {
  solana: [25_000, 250_000], // lamports, base fee plus priority fee
  bitcoin: [180 * 3, 180 * 40], // satoshis: ~180 vbytes at 3–40 sat/vB
  tron: [12_000_000, 35_000_000], // sun: energy burnt by a TRC-20 swap
  ton: [80_000_000, 250_000_000], // nanotons
};

/** A level between low and high that changes every minute, the same for every caller. */
function level(domain: SwapDomain, [low, high]: readonly [number, number], t: number): number {
  return low + (high - low) * unit(hashString(domain.id), Math.floor(t / 60_000));
}

export function gasPriceWei(domain: SwapDomain, t: number): bigint {
  const range = EVM_GWEI[domain.id] ?? [1, 10];
  return BigInt(Math.round(level(domain, range, t) * 1e9));
}

/** The network fee of one step in the domain's native smallest unit. */
export function networkFee(domain: SwapDomain, type: StepType, t: number): { amount: bigint; gasLimit: bigint } {
  if (domain.type === 'EVM') {
    const gasLimit = GAS_LIMITS[type];
    return { amount: gasLimit * gasPriceWei(domain, t), gasLimit };
  }
  return { amount: BigInt(Math.round(level(domain, OTHER_FEES[domain.id] ?? [1, 10], t))), gasLimit: 0n };
}
