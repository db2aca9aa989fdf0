import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { checkContract } from '../../../domain/index';
import { NATIVE_SENTINEL } from '../../../domain/tools/swap';
import { DatasetError, notFound } from '../errors';
import { GAS_LIMITS } from './fees';
import type { Provider, SwapDomain } from './domains';
import type { StepStore, StoredStep } from './step-store';

/**
 * Router contracts that live at one address on every EVM chain (1inch v5, KyberSwap, Squid) or
 * that we know per chain. Other provider/chain pairs get a stable derived address: the offline
 * dataset never sends transactions, but wallets must see well-formed ones.
 */
const ROUTERS: Readonly<Record<string, string | Readonly<Record<string, string>>>> = {
  '1inch': '0x1111111254EEB25477B68fb85Ed929f73A960582',
  kyber: '0x6131B5fae19EA4f9D964eAc0408E4408b66337b5',
  squid: '0xce16F69375520ab01377ce7B88f5BA8C48F8D666',
  zeroex: { ethereum: '0xDef1C0ded9bec7F1a1670819833240f027b25EfF' },
  stargate: { ethereum: '0x8731d54E9D02c286767d56ac03e8037C07e01e98', polygon: '0x45A01E4e04F14f7A4a6702c74187c5F6222033cd' },
};

export function routerAddress(provider: Provider, domain: SwapDomain): string {
  const entry = ROUTERS[provider.id];
  const known = typeof entry === 'string' ? entry : entry?.[domain.id];
  if (known) return known;
  const derived = `0x${Buffer.from(keccak_256(new TextEncoder().encode(`router:${provider.id}:${domain.id}`)))
    .subarray(12)
    .toString('hex')}`;
  const checked = checkContract(domain.coin, derived);
  return checked.ok ? checked.value : derived;
}

/** Every router address the dataset can put in a transaction, for the contract-validity test. */
export function knownRouters(): Array<{ provider: string; domain: string; address: string }> {
  return Object.entries(ROUTERS).flatMap(([provider, entry]) =>
    typeof entry === 'string'
      ? [{ provider, domain: 'ethereum', address: entry }]
      : Object.entries(entry).map(([domain, address]) => ({ provider, domain, address })),
  );
}

const selector = (signature: string) =>
  Buffer.from(keccak_256(new TextEncoder().encode(signature)))
    .subarray(0, 4)
    .toString('hex');
const SELECTORS = {
  swap: selector('swap(address,address,uint256,uint256,address)'),
  bridge: selector('bridge(address,uint256,uint256,bytes32,uint256)'),
  approve: selector('approve(address,uint256)'),
  deposit: selector('deposit()'),
  withdraw: selector('withdraw(uint256)'),
};

const hex = (n: bigint) => `0x${n.toString(16)}`;
const uintWord = (n: bigint) => n.toString(16).padStart(64, '0');
const addressWord = (address: string) => address.slice(2).toLowerCase().padStart(64, '0');
// Receivers on other chains are not 20-byte addresses; bridges take a 32-byte commitment to them.
const bytes32Of = (text: string) => Buffer.from(keccak_256(new TextEncoder().encode(text))).toString('hex');

function tokenAddress(step: StoredStep, side: 'from' | 'to'): string {
  const asset = side === 'from' ? step.fromAsset : step.toAsset;
  return asset.contract ?? NATIVE_SENTINEL;
}

interface EvmTx {
  readonly to: string;
  readonly value: string;
  readonly data: string;
  readonly gasLimit: string;
}

function evmCall(step: StoredStep): EvmTx {
  const value = step.fromAsset.contract === undefined ? step.fromAmount : 0n;
  switch (step.type) {
    case 'STEP_TYPE_WRAP':
      return {
        to: step.fromDomain.wrapped as string,
        value: hex(step.fromAmount),
        data: `0x${SELECTORS.deposit}`,
        gasLimit: hex(step.gasLimit),
      };
    case 'STEP_TYPE_UNWRAP':
      return {
        to: step.fromDomain.wrapped as string,
        value: '0x0',
        data: `0x${SELECTORS.withdraw}${uintWord(step.fromAmount)}`,
        gasLimit: hex(step.gasLimit),
      };
    case 'STEP_TYPE_BRIDGE': {
      const destination = BigInt(step.toDomain.chainId ?? step.toDomain.coin);
      const data = `0x${SELECTORS.bridge}${addressWord(tokenAddress(step, 'from'))}${uintWord(step.fromAmount)}${uintWord(destination)}${bytes32Of(step.toAddress)}${uintWord(step.minAmountOut)}`;
      return { to: routerAddress(step.provider as Provider, step.fromDomain), value: hex(value), data, gasLimit: hex(step.gasLimit) };
    }
    case 'STEP_TYPE_SWAP': {
      const data = `0x${SELECTORS.swap}${addressWord(tokenAddress(step, 'from'))}${addressWord(tokenAddress(step, 'to'))}${uintWord(step.fromAmount)}${uintWord(step.minAmountOut)}${addressWord(step.toAddress)}`;
      return { to: routerAddress(step.provider as Provider, step.fromDomain), value: hex(value), data, gasLimit: hex(step.gasLimit) };
    }
  }
}

function approval(step: StoredStep, amount: bigint): EvmTx | null {
  if (step.fromAsset.contract === undefined || step.type === 'STEP_TYPE_WRAP' || step.type === 'STEP_TYPE_UNWRAP') return null;
  const spender = routerAddress(step.provider as Provider, step.fromDomain);
  return {
    to: step.fromAsset.contract,
    value: '0x0',
    data: `0x${SELECTORS.approve}${addressWord(spender)}${uintWord(amount)}`,
    gasLimit: hex(GAS_LIMITS.APPROVE),
  };
}

/** Non-EVM chains get an opaque serialized transaction; its bytes are stable for a step. */
function opaqueTransaction(step: StoredStep): string {
  const size = { SOLANA: 640, BITCOIN: 220, TRON: 320, TON: 260, EVM: 0 }[step.fromDomain.type];
  const chunks: Buffer[] = [];
  for (let i = 0; chunks.length * 32 < size; i++) chunks.push(createHash('sha256').update(`${step.id}:${i}`).digest());
  return Buffer.concat(chunks).subarray(0, size).toString('base64');
}

/** POST /amber-api/v1/route/step: the transaction for one quoted step. */
export function routeStep(store: StepStore, stepId: string, accessId: string, now: number) {
  const step = store.get(stepId, accessId, now);
  if (!step)
    throw notFound(
      'unknown_step',
      `No route step "${stepId.slice(0, 80)}": it was not issued to this account, or its quote expired long ago. Request a new quote with get_swap_quote.`,
    );
  if (now > step.expiresAt) {
    throw new DatasetError(
      'expired',
      'step_expired',
      `The quote for step ${step.id} expired ${Math.ceil((now - step.expiresAt) / 1000)} s ago (quotes last 3 minutes). Request a new quote with get_swap_quote.`,
    );
  }
  const d = step.fromDomain;
  if (d.type !== 'EVM') {
    return {
      stepId: step.id,
      expiresAt: new Date(step.expiresAt).toISOString(),
      transaction: { domainId: d.id, type: d.type, data: opaqueTransaction(step) },
      approve: null,
      revokeApproval: null,
    };
  }
  // Tether on Ethereum refuses to change a non-zero allowance: the wallet must reset it to 0 first.
  const needsReset = d.id === 'ethereum' && step.fromAsset.symbol === 'USDT';
  return {
    stepId: step.id,
    expiresAt: new Date(step.expiresAt).toISOString(),
    transaction: { domainId: d.id, type: d.type, evmTx: evmCall(step) },
    approve: approval(step, step.fromAmount),
    revokeApproval: needsReset ? approval(step, 0n) : null,
  };
}
