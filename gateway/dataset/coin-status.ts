import type { Asset } from './catalog';
import { round, type Dataset } from './dataset';
import { securityReport } from './security';
import { hashString } from './random';

// Native staking: typical reward rates (percent a year), unbonding in days, minimum in coins.
const STAKING: Readonly<Record<number, { apr: number; unbondingDays: number; minAmount: number; validators: number }>> = {
  60: { apr: 3.1, unbondingDays: 5, minAmount: 0.01, validators: 1_050_000 },
  714: { apr: 2.4, unbondingDays: 7, minAmount: 1, validators: 45 },
  501: { apr: 6.9, unbondingDays: 2, minAmount: 0.01, validators: 1_350 },
  137: { apr: 4.4, unbondingDays: 3, minAmount: 1, validators: 105 },
  43114: { apr: 7.1, unbondingDays: 14, minAmount: 25, validators: 1_600 },
  195: { apr: 4.2, unbondingDays: 14, minAmount: 1, validators: 27 },
  607: { apr: 3.8, unbondingDays: 2, minAmount: 1, validators: 380 },
  118: { apr: 17.5, unbondingDays: 21, minAmount: 0.1, validators: 180 },
  354: { apr: 14.2, unbondingDays: 28, minAmount: 1, validators: 297 },
  434: { apr: 16.1, unbondingDays: 7, minAmount: 0.1, validators: 1_000 },
  637: { apr: 7, unbondingDays: 30, minAmount: 11, validators: 150 },
  784: { apr: 3.2, unbondingDays: 1, minAmount: 1, validators: 110 },
  1729: { apr: 5.6, unbondingDays: 10, minAmount: 1, validators: 300 },
};
const SWAP_COINS = new Set([0, 10, 60, 137, 195, 501, 607, 714, 8453, 42161, 43114]);
const CROSS_CHAIN_COINS = new Set([0, 10, 60, 137, 195, 501, 714, 8453, 42161, 43114]);
const DAPP_FAMILIES = new Set([60, 714, 137, 42161, 10, 8453, 43114, 501, 195, 607, 637, 784]);

function securityInfo(asset: Asset) {
  const r = securityReport(asset);
  const risks = [r.isHoneypot, r.canTakeBackOwnership, r.isCounterfeit, r.hasFreezeAuthority === true && !asset.verified].filter(
    Boolean,
  ).length;
  return {
    is_scanned: r.riskLevel !== 'unknown',
    contract_security: { num_risks: risks, num_warnings: r.warnings.length, is_counterfeit: r.isCounterfeit },
    honeypot_risk: { num_risks: r.isHoneypot ? 1 : 0, num_warnings: r.sellTax > 10 ? 1 : 0, buy_tax: r.buyTax, sell_tax: r.sellTax },
  };
}

/** GET /v1/coinstatus/{assetId}: what the wallet offers for an asset, with optional security data. */
export function coinStatus(ds: Dataset, assetId: string, includeSecurity: boolean, t = ds.now()) {
  const asset = ds.require(assetId);
  const report = securityReport(asset);
  const blocked = report.isHoneypot || report.isCounterfeit;
  const native = asset.contract === undefined;
  const major = asset.verified && (native || asset.tags.includes('stablecoins'));
  const staking = native ? STAKING[asset.coin] : undefined;
  const messages = [
    ...(blocked ? [`Trading ${asset.symbol} is disabled: ${report.warnings[0] ?? 'flagged by the security scan'}`] : []),
    ...(asset.fictional && !blocked ? ['Unverified token: check the contract address before trading.'] : []),
  ];
  return {
    asset: { ...ds.summary(asset), network: asset.network, icon_url: asset.iconUrl },
    isBuyCryptoEnabled: major,
    isSellCryptoEnabled: major,
    isSwapEnabled: SWAP_COINS.has(asset.coin) && !blocked,
    isSwapCrossChainEnabled: CROSS_CHAIN_COINS.has(asset.coin) && !blocked,
    isStakeEnabled: staking !== undefined,
    isDappsEnabled: native && DAPP_FAMILIES.has(asset.coin),
    messages,
    staking: staking
      ? {
          // Reward rates drift a little from day to day.
          apr: round(staking.apr * (1 + 0.04 * Math.sin(t / 86_400_000 + (hashString(asset.assetId) % 628) / 100)), 2),
          unbondingPeriodDays: staking.unbondingDays,
          minAmount: String(staking.minAmount),
          validatorsCount: staking.validators,
        }
      : null,
    ...(includeSecurity ? { security_info: securityInfo(asset) } : {}),
  };
}
