import type { Asset } from './catalog';
import type { Dataset } from './dataset';
import { invalid } from './errors';
import { mix, hashString } from './random';

export type RiskLevel = 'low' | 'medium' | 'high' | 'critical' | 'unknown';

export interface SecurityReport {
  readonly riskLevel: RiskLevel;
  readonly isHoneypot: boolean;
  readonly hasAudit: boolean;
  readonly auditProvider: string | null;
  readonly hasMintFunction: boolean;
  readonly canTakeBackOwnership: boolean;
  readonly isTradingCooldown: boolean;
  readonly isCounterfeit: boolean;
  readonly buyTax: number;
  readonly sellTax: number;
  readonly warnings: readonly string[];
  /** Solana only. */
  readonly hasFreezeAuthority?: boolean;
  readonly hasMintAuthority?: boolean;
}

const AUDITORS = ['CertiK', 'OpenZeppelin', 'Trail of Bits', 'ConsenSys Diligence', 'Quantstamp', 'Halborn', 'PeckShield', 'OtterSec'];
// Issuers of these can mint, and freeze or blacklist holders: true of the real contracts.
const CENTRALLY_ISSUED = new Set(['USDC', 'USDT', 'PYUSD', 'FDUSD', 'BUSD', 'PAXG', 'WBTC', 'CBBTC', 'CBETH']);

const clean = (asset: Asset): SecurityReport => ({
  riskLevel: 'low',
  isHoneypot: false,
  hasAudit: true,
  auditProvider: AUDITORS[hashString(asset.marketKey) % AUDITORS.length] as string,
  hasMintFunction: false,
  canTakeBackOwnership: false,
  isTradingCooldown: false,
  isCounterfeit: false,
  buyTax: 0,
  sellTax: 0,
  warnings: [],
});

function verifiedReport(asset: Asset): SecurityReport {
  const base = clean(asset);
  const solana = asset.coin === 501;
  if (!CENTRALLY_ISSUED.has(asset.marketKey)) return solana ? { ...base, hasFreezeAuthority: false, hasMintAuthority: false } : base;
  const warnings = ['The issuer can mint new tokens.', 'The issuer can freeze (blacklist) holders.'];
  return solana
    ? {
        ...base,
        hasMintFunction: true,
        hasFreezeAuthority: true,
        hasMintAuthority: true,
        warnings: [...warnings, 'The mint keeps its freeze authority: token accounts can be frozen.'],
      }
    : { ...base, hasMintFunction: true, warnings };
}

function namedScam(asset: Asset, risk: NonNullable<Asset['risk']>): SecurityReport {
  const none = { ...clean(asset), hasAudit: false, auditProvider: null };
  switch (risk) {
    case 'honeypot':
      return {
        ...none,
        riskLevel: 'critical',
        isHoneypot: true,
        hasMintFunction: true,
        canTakeBackOwnership: true,
        buyTax: 5,
        sellTax: 100,
        warnings: [
          'Honeypot: the contract blocks selling (100% sell tax on simulation).',
          'The owner can take back ownership after renouncing it.',
          'Hidden mint function.',
        ],
      };
    case 'counterfeit':
      return {
        ...none,
        riskLevel: 'high',
        isCounterfeit: true,
        warnings: [`Counterfeit: impersonates ${asset.name} (${asset.symbol}); this is not the issuer's contract.`],
      };
    case 'freeze-authority':
      return {
        ...none,
        riskLevel: 'high',
        hasMintFunction: true,
        hasFreezeAuthority: true,
        hasMintAuthority: true,
        warnings: [
          'The mint has a freeze authority: the creator can freeze your token account.',
          'The mint authority is not revoked: supply can be inflated.',
        ],
      };
  }
}

// The long tail: mostly unaudited, some outright risky, drawn per token but stable.
function longTailReport(asset: Asset): SecurityReport {
  const roll = mix(hashString(asset.assetId), 7) % 100;
  const base = { ...clean(asset), hasAudit: false, auditProvider: null };
  const solana = asset.coin === 501 ? { hasFreezeAuthority: false, hasMintAuthority: roll % 3 === 0 } : {};
  if (roll < 25) return { ...base, ...solana, hasAudit: true, auditProvider: AUDITORS[roll % AUDITORS.length] as string };
  if (roll < 70)
    return {
      ...base,
      ...solana,
      riskLevel: 'medium',
      hasMintFunction: true,
      warnings: ['No public audit.', 'The owner can mint new tokens.'],
    };
  if (roll < 92) {
    const tax = 3 + (roll % 10);
    return {
      ...base,
      ...solana,
      riskLevel: 'high',
      canTakeBackOwnership: roll % 2 === 0,
      isTradingCooldown: roll % 3 === 0,
      buyTax: tax,
      sellTax: tax + 2,
      warnings: [
        'No public audit.',
        `Trading taxes: ${tax}% to buy, ${tax + 2}% to sell.`,
        ...(roll % 2 === 0 ? ['The owner can take back ownership.'] : []),
      ],
    };
  }
  return { ...base, ...solana, riskLevel: 'unknown', hasAudit: false, warnings: ['Not scanned yet: too little trading history.'] };
}

export function securityReport(asset: Asset): SecurityReport {
  if (asset.risk) return namedScam(asset, asset.risk);
  return asset.fictional ? longTailReport(asset) : verifiedReport(asset);
}

/** GET /v2/coinstatus/{assetId}: the token risk analysis. Native coins have no contract to analyse. */
export function tokenSecurity(ds: Dataset, assetId: string) {
  const asset = ds.require(assetId);
  if (asset.contract === undefined) {
    throw invalid(
      'not_a_token',
      `${asset.assetId} is a native coin; token security needs a token asset id such as c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7.`,
    );
  }
  const r = securityReport(asset);
  const securityInfo = {
    riskLevel: r.riskLevel,
    isHoneypot: r.isHoneypot,
    hasAudit: r.hasAudit,
    auditProvider: r.auditProvider,
    hasMintFunction: r.hasMintFunction,
    canTakeBackOwnership: r.canTakeBackOwnership,
    isTradingCooldown: r.isTradingCooldown,
    isCounterfeit: r.isCounterfeit,
    buyTax: r.buyTax,
    sellTax: r.sellTax,
    warnings: [...r.warnings],
  };
  return {
    ...ds.summary(asset),
    isActive: true,
    supportsSwap: !r.isHoneypot,
    securityInfo,
    ...(asset.coin === 501
      ? {
          solanaSecurityInfo: {
            riskLevel: r.riskLevel,
            hasFreezeAuthority: r.hasFreezeAuthority ?? false,
            hasMintAuthority: r.hasMintAuthority ?? false,
            isInitialized: true,
            warnings: r.warnings.filter((w) => /freeze|mint/i.test(w)),
          },
        }
      : {}),
  };
}
