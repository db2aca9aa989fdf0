import { getCoin, parseAssetId } from '../../../../../../domain/index';
import { arr, isObj, Mono, num, Section, str, type Json, type RichProps } from './common';

function chainLabel(assetId: string): string {
  const parsed = parseAssetId(assetId);
  const coin = parsed.ok ? getCoin(parsed.value.coin) : undefined;
  return coin ? `${coin.name} (${assetId})` : assetId;
}

const RISK_TONE: Record<string, string> = { low: 'ok', medium: 'warn', high: 'bad', critical: 'bad', unknown: '' };

function RiskBadge({ level }: { level: unknown }) {
  const text = str(level) ?? 'unknown';
  return <span className={`badge pg-risk ${RISK_TONE[text] ?? ''}`}>Risk: {text}</span>;
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
export function TokenSecurityView({ data }: RichProps) {
  if (!isObj(data) || !isObj(data.securityInfo)) return null;
  const s: Json = data.securityInfo;
  const sol = isObj(data.solanaSecurityInfo) ? data.solanaSecurityInfo : undefined;
  const warnings = [...new Set([...arr(s.warnings), ...arr(sol?.warnings)].map(String))];
  return (
    <Section title={`${str(data.name) ?? '?'} (${str(data.symbol) ?? '?'})`} aside={<RiskBadge level={s.riskLevel} />}>
      <p className="muted pg-small">
        <Mono>{str(data.asset_id)}</Mono> · {data.isActive === false ? 'inactive' : 'active'} ·{' '}
        {data.supportsSwap === true ? 'swappable' : 'not swappable'}
      </p>
      <ul className="pg-checks-grid" aria-label="Security checks">
        <Check
          label="Honeypot"
          value={s.isHoneypot}
          safe={false}
          detail={s.isHoneypot === true ? 'yes: buyers cannot sell' : 'not a honeypot'}
        />
        <Check
          label="Audit"
          value={s.hasAudit}
          safe
          warnOnly
          detail={s.hasAudit === true ? `audited${str(s.auditProvider) ? ` by ${str(s.auditProvider)}` : ''}` : 'no audit found'}
        />
        <Check
          label="Mint function"
          value={s.hasMintFunction}
          safe={false}
          warnOnly
          detail={s.hasMintFunction === true ? 'supply can grow' : 'fixed supply'}
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
            detail={sol.hasFreezeAuthority === true ? 'accounts can be frozen' : 'none'}
          />
        )}
        {sol && (
          <Check
            label="Mint authority"
            value={sol.hasMintAuthority}
            safe={false}
            warnOnly
            detail={sol.hasMintAuthority === true ? 'kept by the issuer' : 'none'}
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

/** validate_address: one big verdict badge (the gateway's; an invalid address comes back as a tool error). */
export function ValidateAddressView({ data, outcome, args }: RichProps) {
  const address = str(args.address) ?? '';
  const chain = chainLabel(str(args.asset_id) ?? '');
  if (outcome.status === 'tool-error') {
    return (
      <div className="pg-verdict-card bad">
        <span className="pg-verdict-badge bad">✗ Invalid address</span>
        <Mono>{address}</Mono>
        <span className="muted pg-small">for {chain}</span>
      </div>
    );
  }
  if (!isObj(data) || data.status !== 'ok') return null;
  return (
    <div className="pg-verdict-card ok">
      <span className="pg-verdict-badge ok">✓ Valid address</span>
      <Mono>{address}</Mono>
      <span className="muted pg-small">
        for {chain} · status <code>ok</code>
      </span>
    </div>
  );
}
