import type { ToolOutput } from '../../../../../../domain/tools/contract';
import type { getAssetDetails, getCoinStatus, searchAssets } from '../../../../../../domain/tools/token-info';
import { LongText } from '../../../../app/parts/CopyButton';
import { formatCompact, formatPercent, formatPrice } from '../format';
import { Flag, isObj, Mono, num, Section, str, TokenIcon, type RichProps } from './common';

type SearchDoc = ToolOutput<typeof searchAssets>['docs'][number];

function AssetTable({ docs }: { docs: readonly SearchDoc[] }) {
  return (
    <div className="pg-table-scroll" role="region" aria-label="Matches" tabIndex={0}>
      <table className="data pg-assets">
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
          {docs.map((d) => (
            <tr key={d.asset_id}>
              <td>
                <div className="pg-token">
                  <TokenIcon src={d.icon_url} symbol={d.symbol} />
                  <div>
                    <div className="pg-token-name">
                      {d.name} <span className="muted">{d.symbol}</span>
                    </div>
                    <div className="pg-token-sub">{[str(d.network), `${d.decimals} decimals`].filter(Boolean).join(' · ')}</div>
                  </div>
                </div>
              </td>
              <td>
                <span className="badge">{d.type}</span>
              </td>
              <td>
                <LongText text={d.asset_id} what={`the asset id of ${d.name}`} />
              </td>
              <td className="num">{formatPrice(d.price)}</td>
              <td className="num">{formatCompact(d.market_cap)}</td>
              <td className="pg-small">
                {d.verifiers.length > 0 ? d.verifiers.join(', ') : <span className="badge warn">unverified</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** search_assets */
export function SearchView({ data }: RichProps<ToolOutput<typeof searchAssets>>) {
  const { docs } = data;
  if (docs.length === 0) return <p className="callout">Nothing matched. Try a symbol (USDC), a name or a contract address.</p>;
  return (
    <Section title={`${docs.length} of ${data.total} matches`}>
      <AssetTable docs={docs} />
    </Section>
  );
}

/** get_asset_details: one asset as a card, a page of a chain's assets as a table. */
export function AssetDetailsView({ data }: RichProps<ToolOutput<typeof getAssetDetails>>) {
  const { docs } = data;
  if (docs.length !== 1) {
    return (
      <Section
        title={`${docs.length} assets of ${data.total}`}
        aside={data.cursor ? <span className="muted pg-small">more pages (cursor)</span> : undefined}
      >
        <AssetTable docs={docs} />
      </Section>
    );
  }
  const a = docs[0]!;
  return (
    <Section title={`${a.name} (${a.symbol})`} aside={<TokenIcon src={a.icon_url} symbol={a.symbol} />}>
      {str(a.description) && <p>{str(a.description)}</p>}
      <dl className="facts">
        <div>
          <dt>Asset id</dt>
          <dd>{a.asset_id}</dd>
        </div>
        <div>
          <dt>Network</dt>
          <dd>
            {a.network} <span className="muted">(coin {a.coin})</span>
          </dd>
        </div>
        <div>
          <dt>Type · decimals</dt>
          <dd>
            {a.type} · {a.decimals}
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
        {a.tags.length > 0 && (
          <div>
            <dt>Tags</dt>
            <dd>{a.tags.join(', ')}</dd>
          </div>
        )}
      </dl>
    </Section>
  );
}

/** get_coin_status: what the wallet offers for the asset, staking, notices and the security summary. */
export function CoinStatusView({ data }: RichProps<ToolOutput<typeof getCoinStatus>>) {
  const { asset: a, staking, security_info: sec } = data;
  const contract = sec && isObj(sec.contract_security) ? sec.contract_security : undefined;
  const honeypot = sec && isObj(sec.honeypot_risk) ? sec.honeypot_risk : undefined;
  const flags: Array<[string, boolean]> = [
    ['Buy', data.isBuyCryptoEnabled],
    ['Sell', data.isSellCryptoEnabled],
    ['Swap', data.isSwapEnabled],
    ['Cross-chain swap', data.isSwapCrossChainEnabled],
    ['Stake', data.isStakeEnabled],
    ['Dapps', data.isDappsEnabled],
  ];
  return (
    <Section title={`${a.name} (${a.symbol})`} aside={<Mono>{a.asset_id}</Mono>}>
      <div className="pg-flags">
        {flags.map(([label, on]) => (
          <span key={label} className={on ? 'badge ok' : 'badge'}>
            {on ? '✓' : '—'} {label}
          </span>
        ))}
      </div>
      {staking && (
        <p>
          Staking: <strong>{formatPercent(staking.apr).replace('+', '')} APR</strong>
          {num(staking.lockTime) !== undefined && <span className="muted"> · lock {num(staking.lockTime)} s</span>}
        </p>
      )}
      {data.messages.length > 0 && (
        <ul className="callout warn pg-small">
          {data.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {sec && (
        <div className="pg-sec-summary">
          <h4>Security scan {sec.is_scanned ? '' : '(not scanned)'}</h4>
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
