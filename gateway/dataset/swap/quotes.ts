import { randomUUID } from 'node:crypto';
import { checkContract, formatAssetId } from '../../../domain/index';
import { NATIVE_SENTINEL } from '../../../domain/tools/swap';
import { parseAssetIdCached as parseAssetId } from '../../common/asset-ids';
import type { Asset } from '../catalog';
import { round, sig, type Dataset } from '../dataset';
import { invalid, notFound } from '../errors';
import { hashString, unit } from '../random';
import { securityReport } from '../security';
import { lessBps, scale, toTokens } from './amounts';
import { PROVIDERS, type Provider, type SwapDomain } from './domains';
import { networkFee } from './fees';
import type { StepPlan, StepStore, StepType, StoredStep } from './step-store';

export const QUOTE_TTL_MS = 3 * 60_000;
const REFRESH_INTERVAL_S = 30;

export interface QuoteRequest {
  readonly fromDomain: SwapDomain;
  readonly toDomain: SwapDomain;
  readonly fromAsset: Asset;
  readonly toAsset: Asset;
  readonly amount: bigint;
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly slippageBps: number;
  readonly sortBy: 'outcome' | 'fee';
}

/**
 * Reads an asset given for a domain: an asset id on that chain, a token contract on it, or (on
 * EVM chains) the native sentinel.
 */
export function resolveSwapAsset(ds: Dataset, domain: SwapDomain, text: string, field: string): Asset {
  const native = ds.native(domain.coin);
  if (domain.type === 'EVM' && text.toLowerCase() === NATIVE_SENTINEL.toLowerCase() && native) return native;
  let assetId: string;
  if (/^c\d/.test(text)) {
    const parsed = parseAssetId(text);
    if (!parsed.ok) throw invalid('invalid_asset_id', `${field}: ${parsed.message}`);
    if (parsed.value.coin !== domain.coin) {
      throw invalid(
        'asset_domain_mismatch',
        `${field} ${text} is on coin ${parsed.value.coin}, but the domain ${domain.id} is coin ${domain.coin}.`,
      );
    }
    assetId = formatAssetId(parsed.value);
  } else {
    const contract = checkContract(domain.coin, text);
    if (!contract.ok)
      throw invalid('invalid_asset', `${field} is neither an asset id nor a ${domain.name} token contract: ${contract.message}`);
    assetId = formatAssetId({ coin: domain.coin, token: contract.value });
  }
  const asset = ds.find(assetId);
  if (!asset)
    throw notFound('unknown_asset', `${field}: no asset ${assetId} on ${domain.name} in the catalogue. Use search_assets to find one.`);
  return asset;
}

type Plan = StepPlan;

function bestDex(domain: SwapDomain): Provider | undefined {
  return PROVIDERS.filter((p) => p.type === 'dex' && p.transit === undefined && p.domains.includes(domain.id)).sort(
    (a, b) => a.rank - b.rank,
  )[0];
}

function usdcOn(ds: Dataset, coin: number): Asset | undefined {
  return ds.onCoin(coin).find((a) => a.symbol === 'USDC' && a.verified);
}

function sameDomainPlans(ds: Dataset, req: QuoteRequest): Plan[][] {
  const { fromDomain: d, fromAsset: from, toAsset: to } = req;
  const leg = (type: StepType, provider: Provider | undefined): Plan => ({
    type,
    provider,
    fromDomain: d,
    toDomain: d,
    fromAsset: from,
    toAsset: to,
  });
  const native = ds.native(d.coin);
  if (d.wrapped !== undefined && from === native && to.contract === d.wrapped) return [[leg('STEP_TYPE_WRAP', undefined)]];
  if (d.wrapped !== undefined && to === native && from.contract === d.wrapped) return [[leg('STEP_TYPE_UNWRAP', undefined)]];
  return PROVIDERS.filter((p) => p.type === 'dex' && p.transit === undefined && p.domains.includes(d.id)).map((p) => [
    leg('STEP_TYPE_SWAP', p),
  ]);
}

function crossDomainPlans(ds: Dataset, req: QuoteRequest): Plan[][] {
  const { fromDomain: src, toDomain: dst } = req;
  const plans: Plan[][] = [];
  for (const bridge of PROVIDERS) {
    if (bridge.transit === undefined || !bridge.domains.includes(src.id) || !bridge.domains.includes(dst.id)) continue;
    const srcTransit = bridge.transit === 'stable' ? usdcOn(ds, src.coin) : ds.native(src.coin);
    const dstTransit = bridge.transit === 'stable' ? usdcOn(ds, dst.coin) : ds.native(dst.coin);
    if (!srcTransit || !dstTransit) continue;
    const plan: Plan[] = [];
    if (req.fromAsset !== srcTransit) {
      const dex = bestDex(src);
      if (!dex) continue;
      plan.push({ type: 'STEP_TYPE_SWAP', provider: dex, fromDomain: src, toDomain: src, fromAsset: req.fromAsset, toAsset: srcTransit });
    }
    plan.push({ type: 'STEP_TYPE_BRIDGE', provider: bridge, fromDomain: src, toDomain: dst, fromAsset: srcTransit, toAsset: dstTransit });
    if (req.toAsset !== dstTransit) {
      const dex = bestDex(dst);
      if (!dex) continue;
      plan.push({ type: 'STEP_TYPE_SWAP', provider: dex, fromDomain: dst, toDomain: dst, fromAsset: dstTransit, toAsset: req.toAsset });
    }
    plans.push(plan);
  }
  return plans;
}

interface PricedStep {
  readonly plan: Plan;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly minOut: bigint;
  readonly priceImpact: number;
  readonly feeUsd: number;
  readonly networkFee: bigint;
  readonly gasLimit: bigint;
}

function priceStep(ds: Dataset, plan: Plan, amountIn: bigint, slippageBps: number, t: number): PricedStep {
  const { fromAsset: from, toAsset: to, provider } = plan;
  const fee = networkFee(plan.fromDomain, plan.type, t);
  const nativeFee = ds.native(plan.fromDomain.coin);
  const networkFeeUsd = nativeFee ? toTokens(fee.amount, nativeFee.decimals) * ds.prices.priceAt(nativeFee, t) : 0;
  if (plan.type === 'STEP_TYPE_WRAP' || plan.type === 'STEP_TYPE_UNWRAP') {
    // Wrapping is 1:1 by contract; the decimals of a coin and its wrapper agree.
    return {
      plan,
      amountIn,
      amountOut: amountIn,
      minOut: amountIn,
      priceImpact: 0,
      feeUsd: networkFeeUsd,
      networkFee: fee.amount,
      gasLimit: fee.gasLimit,
    };
  }
  const p = provider as Provider;
  const priceIn = ds.prices.priceAt(from, t);
  const priceOut = ds.prices.priceAt(to, t);
  const inUsd = toTokens(amountIn, from.decimals) * priceIn;
  const depthUsd = p.depth * Math.min(ds.prices.volume24h(from, t), ds.prices.volume24h(to, t));
  const impact = inUsd / (inUsd + depthUsd);
  // Providers' rates differ a little from minute to minute, so the best route is not always the same.
  const jitter = 1 + (unit(hashString(p.id), hashString(from.assetId + to.assetId), Math.floor(t / 60_000)) - 0.5) * 0.002;
  const ratio = (priceIn / priceOut) * (1 - p.fee) * (1 - impact) * jitter * 10 ** (to.decimals - from.decimals);
  const amountOut = scale(amountIn, ratio);
  return {
    plan,
    amountIn,
    amountOut,
    minOut: lessBps(amountOut, slippageBps),
    priceImpact: impact * 100,
    feeUsd: inUsd * p.fee + networkFeeUsd,
    networkFee: fee.amount,
    gasLimit: fee.gasLimit,
  };
}

function warningsFor(ds: Dataset, req: QuoteRequest, steps: readonly PricedStep[], t: number): string[] {
  const warnings: string[] = [];
  const worst = Math.max(...steps.map((s) => s.priceImpact));
  if (worst > 3) warnings.push(`High price impact: ${round(worst, 2)}%. A smaller amount gets a better rate.`);
  for (const asset of [req.fromAsset, req.toAsset]) {
    if (!asset.verified) warnings.push(`${asset.symbol} (${asset.assetId}) is an unverified token: check its contract before trading.`);
    const risk = securityReport(asset).riskLevel;
    if (risk === 'high' || risk === 'critical')
      warnings.push(`${asset.symbol} is rated ${risk} risk by the security scan; see check_token_security.`);
  }
  const inUsd = toTokens(req.amount, req.fromAsset.decimals) * ds.prices.priceAt(req.fromAsset, t);
  const fees = steps.reduce((sum, s) => sum + s.feeUsd, 0);
  if (inUsd > 0 && fees / inUsd > 0.1) warnings.push(`Fees are ${round((fees / inUsd) * 100, 1)}% of the amount.`);
  return warnings;
}

function assetRef(asset: Asset, address: string, amount: bigint, domain: SwapDomain) {
  return { asset: asset.assetId, symbol: asset.symbol, decimals: asset.decimals, domain: domain.id, address, amount: amount.toString() };
}

/** POST /amber-api/v1/route: priced routes, best first; each step is stored for route/step. */
export function quoteRoutes(ds: Dataset, store: StepStore, req: QuoteRequest, accessId: string, now = ds.now()) {
  if (req.fromAsset === req.toAsset)
    throw invalid('same_asset', 'fromAsset and toAsset are the same asset on the same domain; nothing to swap.');
  const config = { refreshInterval: REFRESH_INTERVAL_S };
  const fromRisk = securityReport(req.fromAsset);
  if (fromRisk.isHoneypot) {
    return { routes: [], warnings: [`${req.fromAsset.symbol} cannot be sold: the security scan found a honeypot contract.`], config };
  }
  const plans = req.fromDomain === req.toDomain ? sameDomainPlans(ds, req) : crossDomainPlans(ds, req);
  const expiresAt = now + QUOTE_TTL_MS;
  const priced = plans
    .map((plan) => {
      const steps: PricedStep[] = [];
      let amount = req.amount;
      for (const leg of plan) {
        const step = priceStep(ds, leg, amount, req.slippageBps, now);
        steps.push(step);
        amount = step.amountOut;
      }
      return { steps, out: amount, feesUsd: steps.reduce((s, x) => s + x.feeUsd, 0) };
    })
    .filter((r) => r.out > 0n)
    .sort((a, b) => (req.sortBy === 'fee' ? a.feesUsd - b.feesUsd : a.out === b.out ? 0 : a.out > b.out ? -1 : 1));

  const routes = priced.map((route) => {
    const steps = route.steps.map((s) => {
      const fromAddress = s.plan.fromDomain === req.fromDomain ? req.fromAddress : req.toAddress;
      const toAddress = s.plan.toDomain === req.toDomain ? req.toAddress : req.fromAddress;
      const stored: StoredStep = {
        ...s.plan,
        id: randomUUID(),
        accessId,
        expiresAt,
        fromAmount: s.amountIn,
        minAmountOut: s.minOut,
        fromAddress,
        toAddress,
        gasLimit: s.gasLimit,
      };
      store.put(stored, now);
      const nativeFee = ds.native(s.plan.fromDomain.coin);
      return {
        id: stored.id,
        type: s.plan.type,
        from: assetRef(s.plan.fromAsset, fromAddress, s.amountIn, s.plan.fromDomain),
        to: { ...assetRef(s.plan.toAsset, toAddress, s.amountOut, s.plan.toDomain), minAmountOut: s.minOut.toString() },
        slippage: String(req.slippageBps / 100),
        priceImpact: round(s.priceImpact, 4),
        provider: s.plan.provider
          ? { id: s.plan.provider.id, name: s.plan.provider.name }
          : { id: 'wrapper', name: 'Wrapped native contract' },
        networkFee: { amount: s.networkFee.toString(), asset: nativeFee?.assetId ?? `c${s.plan.fromDomain.coin}` },
        estimatedTime: s.plan.type === 'STEP_TYPE_BRIDGE' ? (s.plan.provider?.bridgeTime ?? 600) : s.plan.fromDomain.finalityTime,
      };
    });
    const last = route.steps[route.steps.length - 1] as PricedStep;
    return {
      id: randomUUID(),
      expirationDate: new Date(expiresAt).toISOString(),
      steps,
      outcome: { asset: req.toAsset.assetId, amount: route.out.toString(), minAmountOut: last.minOut.toString() },
      totalFeesUsd: sig(route.feesUsd, 6),
      estimatedTime: steps.reduce((s, x) => s + x.estimatedTime, 0),
      warnings: warningsFor(ds, req, route.steps, now),
    };
  });
  return { routes, config };
}
