import { formatCompact, formatPercent, formatPrice } from '../format';
import { arr, Flag, isObj, Mono, num, Section, str, TokenIcon, type Json, type RichProps } from './common';

function AssetTable({ docs }: { docs: Json[] }) {
  return (
    <div className="pg-table-scroll">
      <table className="data">
        <thead>
          <tr>
            <th>Token</th>
            <th>Type</th>
            <th>Asset id</th>
            <th className="num">Price</th>
            <th className="num">Market cap</th>
            <th>Verified by</th>
          </tr>
        </thead>
        <tbody>
          {docs.map((d, i) => (
            <tr key={str(d.asset_id) ?? i}>
              <td>
                <div className="pg-token">
                  <TokenIcon src={d.icon_url} symbol={d.symbol} />
                  <div>
                    <div className="pg-token-name">
                      {str(d.name)} <span className="muted">{str(d.symbol)}</span>
                    </div>
                    <div className="pg-token-sub">
                      {[str(d.network), num(d.decimals) !== undefined ? `${num(d.decimals)} decimals` : undefined]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </div>
                </div>
              </td>
              <td>
                <span className="badge">{str(d.type)}</span>
              </td>
              <td>
                <Mono title={str(d.asset_id)}>{str(d.asset_id)}</Mono>
              </td>
              <td className="num">{formatPrice(d.price)}</td>
              <td className="num">{formatCompact(d.market_cap)}</td>
              <td className="pg-small">
                {arr(d.verifiers).length > 0 ? arr(d.verifiers).map(String).join(', ') : <span className="badge warn">unverified</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** search_assets */
export function SearchView({ data }: RichProps) {
  if (!isObj(data) || !Array.isArray(data.docs)) return null;
  const docs = data.docs.filter(isObj);
  if (docs.length === 0) return <p className="callout">Nothing matched. Try a symbol (USDC), a name or a contract address.</p>;
  return (
    <Section title={`${docs.length} of ${num(data.total) ?? docs.length} matches`}>
      <AssetTable docs={docs} />
    </Section>
  );
}

/** get_asset_details: one asset as a card, a page of a chain's assets as a table. */
export function AssetDetailsView({ data }: RichProps) {
  if (!isObj(data) || !Array.isArray(data.docs)) return null;
  const docs = data.docs.filter(isObj);
  if (docs.length !== 1) {
    return (
      <Section
        title={`${docs.length} assets${num(data.total) !== undefined ? ` of ${num(data.total)}` : ''}`}
        aside={str(data.cursor) ? <span className="muted pg-small">more pages (cursor)</span> : undefined}
      >
        <AssetTable docs={docs} />
      </Section>
    );
  }
  const a = docs[0]!;
  return (
    <Section title={`${str(a.name) ?? '?'} (${str(a.symbol) ?? '?'})`} aside={<TokenIcon src={a.icon_url} symbol={a.symbol} />}>
      {str(a.description) && <p>{str(a.description)}</p>}
      <dl className="facts">
        <div>
          <dt>Asset id</dt>
          <dd>{str(a.asset_id)}</dd>
        </div>
        <div>
          <dt>Network</dt>
          <dd>
            {str(a.network)} {num(a.coin) !== undefined && <span className="muted">(coin {num(a.coin)})</span>}
          </dd>
        </div>
        <div>
          <dt>Type · decimals</dt>
          <dd>
            {str(a.type)} · {num(a.decimals)}
          </dd>
        </div>
        <div>
          <dt>Price · market cap</dt>
          <dd>
            {formatPrice(a.price)} · {formatCompact(a.market_cap)}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            {str(a.status) ?? '—'} {a.is_verified === true && <span className="badge ok">verified</span>}
          </dd>
        </div>
        {arr(a.tags).length > 0 && (
          <div>
            <dt>Tags</dt>
            <dd>{arr(a.tags).map(String).join(', ')}</dd>
          </div>
        )}
      </dl>
    </Section>
  );
}

/** get_coin_status: what the wallet offers for the asset, staking, notices and the security summary. */
export function CoinStatusView({ data }: RichProps) {
  if (!isObj(data) || !isObj(data.asset)) return null;
  const a = data.asset;
  const sec = isObj(data.security_info) ? data.security_info : undefined;
  const contract = sec && isObj(sec.contract_security) ? sec.contract_security : undefined;
  const honeypot = sec && isObj(sec.honeypot_risk) ? sec.honeypot_risk : undefined;
  const staking = isObj(data.staking) ? data.staking : undefined;
  const flags: Array<[string, unknown]> = [
    ['Buy', data.isBuyCryptoEnabled],
    ['Sell', data.isSellCryptoEnabled],
    ['Swap', data.isSwapEnabled],
    ['Cross-chain swap', data.isSwapCrossChainEnabled],
    ['Stake', data.isStakeEnabled],
    ['Dapps', data.isDappsEnabled],
  ];
  return (
    <Section title={`${str(a.name) ?? '?'} (${str(a.symbol) ?? '?'})`} aside={<Mono>{str(a.asset_id)}</Mono>}>
      <div className="pg-flags">
        {flags.map(([label, on]) => (
          <span key={label} className={on === true ? 'badge ok' : 'badge'}>
            {on === true ? '✓' : '—'} {label}
          </span>
        ))}
      </div>
      {staking && (
        <p>
          Staking:{' '}
          <strong>{num(staking.apr) !== undefined ? `${formatPercent(num(staking.apr)).replace('+', '')} APR` : 'available'}</strong>
          {num(staking.lockTime) !== undefined && <span className="muted"> · lock {num(staking.lockTime)} s</span>}
        </p>
      )}
      {arr(data.messages).length > 0 && (
        <ul className="callout warn pg-small">
          {arr(data.messages).map((m) => (
            <li key={String(m)}>{String(m)}</li>
          ))}
        </ul>
      )}
      {sec && (
        <div className="pg-sec-summary">
          <h4>Security scan {sec.is_scanned === true ? '' : '(not scanned)'}</h4>
          <div className="pg-flags">
            {contract && (
              <>
                <span className={num(contract.num_risks) ? 'badge bad' : 'badge ok'}>{num(contract.num_risks) ?? 0} contract risks</span>
                <span className={num(contract.num_warnings) ? 'badge warn' : 'badge ok'}>{num(contract.num_warnings) ?? 0} warnings</span>
                <Flag on={contract.is_counterfeit === true} good={false}>
                  {contract.is_counterfeit === true ? 'Counterfeit' : 'Not counterfeit'}
                </Flag>
              </>
            )}
            {honeypot && (
              <>
                <span className={num(honeypot.num_risks) ? 'badge bad' : 'badge ok'}>{num(honeypot.num_risks) ?? 0} honeypot risks</span>
                <span className="badge">
                  buy tax {num(honeypot.buy_tax) ?? 0}% · sell tax {num(honeypot.sell_tax) ?? 0}%
                </span>
              </>
            )}
          </div>
        </div>
      )}
    </Section>
  );
}
