import { getCoin, parseAssetId } from '../../../../../../domain/index';
import type { ToolOutput } from '../../../../../../domain/tools/contract';
import type { checkTokenSecurity, validateAddress } from '../../../../../../domain/tools/security';
import { Mono, num, Section, str, type RichContext, type RichProps } from './common';

type TokenSecurity = ToolOutput<typeof checkTokenSecurity>;

function chainLabel(assetId: string): string {
  const parsed = parseAssetId(assetId);
  const coin = parsed.ok ? getCoin(parsed.value.coin) : undefined;
  return coin ? `${coin.name} (${assetId})` : assetId;
}

const RISK_TONE: Record<string, string> = { low: 'ok', medium: 'warn', high: 'bad', critical: 'bad', unknown: '' };

function RiskBadge({ level }: { level: TokenSecurity['securityInfo']['riskLevel'] }) {
  return <span className={`badge pg-risk ${RISK_TONE[level] ?? ''}`}>Risk: {level}</span>;
}

/** A check as a badge: green when the answer is the safe one, red or amber otherwise. */
function Check({
  label,
  value,
  safe,
  warnOnly = false,
  detail,
}: {
  label: string;
  value: unknown;
  safe: boolean;
  warnOnly?: boolean;
  detail?: string;
}) {
  if (typeof value !== 'boolean') return null;
  const ok = value === safe;
  return (
    <li className={`pg-check ${ok ? 'ok' : warnOnly ? 'warn' : 'bad'}`}>
      <span className="pg-check-mark" aria-hidden="true">
        {ok ? '✓' : warnOnly ? '!' : '✗'}
      </span>
      <span className="pg-check-label">{label}</span>
      <span className="pg-check-value">{detail ?? (value ? 'yes' : 'no')}</span>
    </li>
  );
}

/** check_token_security: the risk level, honeypot, audit, mint/freeze authority and the warnings. */
export function TokenSecurityView({ data }: RichProps<TokenSecurity>) {
  const { securityInfo: s, solanaSecurityInfo: sol } = data;
  const warnings = [...new Set([...s.warnings, ...(sol?.warnings ?? [])])];
  return (
    <Section title={`${data.name} (${data.symbol})`} aside={<RiskBadge level={s.riskLevel} />}>
      <p className="muted pg-small">
        <Mono>{data.asset_id}</Mono> · {data.isActive ? 'active' : 'inactive'} · {data.supportsSwap ? 'swappable' : 'not swappable'}
      </p>
      <ul className="pg-checks-grid" aria-label="Security checks">
        <Check label="Honeypot" value={s.isHoneypot} safe={false} detail={s.isHoneypot ? 'yes: buyers cannot sell' : 'not a honeypot'} />
        <Check
          label="Audit"
          value={s.hasAudit}
          safe
          warnOnly
          detail={s.hasAudit ? `audited${s.auditProvider ? ` by ${s.auditProvider}` : ''}` : 'no audit found'}
        />
        <Check
          label="Mint function"
          value={s.hasMintFunction}
          safe={false}
          warnOnly
          detail={s.hasMintFunction ? 'supply can grow' : 'fixed supply'}
        />
        <Check label="Owner can take back ownership" value={s.canTakeBackOwnership} safe={false} />
        <Check label="Trading cooldown" value={s.isTradingCooldown} safe={false} warnOnly />
        <Check label="Counterfeit" value={s.isCounterfeit} safe={false} />
        {sol && (
          <Check
            label="Freeze authority"
            value={sol.hasFreezeAuthority}
            safe={false}
            warnOnly
            detail={sol.hasFreezeAuthority ? 'accounts can be frozen' : 'none'}
          />
        )}
        {sol && (
          <Check
            label="Mint authority"
            value={sol.hasMintAuthority}
            safe={false}
            warnOnly
            detail={sol.hasMintAuthority ? 'kept by the issuer' : 'none'}
          />
        )}
        {sol && <Check label="Mint initialised" value={sol.isInitialized} safe />}
      </ul>
      {(num(s.buyTax) !== undefined || num(s.sellTax) !== undefined) && (
        <p className="pg-small">
          Buy tax <strong>{num(s.buyTax) ?? 0}%</strong> · sell tax <strong>{num(s.sellTax) ?? 0}%</strong>
        </p>
      )}
      {warnings.length > 0 && (
        <div className="callout warn">
          <strong>Warnings</strong>
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}

/** The address and chain the call asked about. */
const asked = (args: Record<string, unknown>) => ({ address: str(args.address) ?? '', chain: chainLabel(str(args.asset_id) ?? '') });

/** validate_address: one big verdict badge (the gateway's). */
export function ValidAddressView({ data, args }: RichProps<ToolOutput<typeof validateAddress>>) {
  const { address, chain } = asked(args);
  return (
    <div className="pg-verdict-card ok">
      <span className="pg-verdict-badge ok">✓ Valid address</span>
      <Mono>{address}</Mono>
      <span className="muted pg-small">
        for {chain} · status <code>{data.status}</code>
      </span>
    </div>
  );
}

/** validate_address's tool error: an invalid address. */
export function InvalidAddressView({ args }: RichContext) {
  const { address, chain } = asked(args);
  return (
    <div className="pg-verdict-card bad">
      <span className="pg-verdict-badge bad">✗ Invalid address</span>
      <Mono>{address}</Mono>
      <span className="muted pg-small">for {chain}</span>
    </div>
  );
}
