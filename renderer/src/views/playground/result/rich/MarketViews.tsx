import { getCoin, parseAssetId } from '../../../../../../domain/index';
import type { ToolOutput } from '../../../../../../domain/tools/contract';
import type { getListingCategories, getTokenPrices, getTrendingTokens } from '../../../../../../domain/tools/market';
import { formatCompact, formatPercent, formatPrice, shortHash, trendClass } from '../format';
import { Mono, Section, TokenIcon, type RichProps } from './common';

type Listing = ToolOutput<typeof getTrendingTokens>['docs'][number];

/** What an asset id names, from the coin catalog: "Bitcoin (BTC)", or "Token on Ethereum · 0xdAC1…1ec7". */
function AssetName({ id }: { id: string }) {
  const parsed = parseAssetId(id);
  const coin = parsed.ok ? getCoin(parsed.value.coin) : undefined;
  if (!parsed.ok || !coin) return <Mono>{id}</Mono>;
  return (
    <div title={id}>
      <div className="pg-token-name">{parsed.value.token ? `Token on ${coin.name}` : `${coin.name} (${coin.symbol})`}</div>
      <div className="pg-token-sub">
        <Mono>{parsed.value.token ? `c${coin.id}_t${shortHash(parsed.value.token, 6)}` : id}</Mono>
      </div>
    </div>
  );
}

/** get_token_prices: one row per ticker, and the ids the market had no price for. */
export function PricesView({ data }: RichProps<ToolOutput<typeof getTokenPrices>>) {
  const { currency, unknown } = data;
  return (
    <Section title={`Prices in ${currency}`} aside={<span className="muted pg-small">{data.tickers.length} priced</span>}>
      <table className="data pg-prices">
        <thead>
          <tr>
            <th>Asset</th>
            <th className="num">Price</th>
            <th className="num">24 h</th>
            <th className="num">Market cap</th>
            <th className="num">Volume 24 h</th>
            <th className="num">Total supply</th>
            <th>Source</th>
          </tr>
        </thead>
        <tbody>
          {data.tickers.map((t) => (
            <tr key={t.id}>
              <td>
                <AssetName id={t.id} />
              </td>
              <td className="num">{formatPrice(t.price, currency)}</td>
              <td className={`num ${trendClass(t.change_24h)}`}>{formatPercent(t.change_24h)}</td>
              <td className="num">{formatCompact(t.market_cap)}</td>
              <td className="num">{formatCompact(t.volume_24h)}</td>
              <td className="num">{t.total_supply ? formatCompact(Number(t.total_supply)) : '—'}</td>
              <td className="muted">{t.provider}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {unknown.length > 0 && (
        <p className="callout warn pg-small">
          No price for {unknown.length === 1 ? 'this id' : `these ${unknown.length} ids`}: {unknown.join(', ')}
        </p>
      )}
    </Section>
  );
}

const TIMEFRAMES = [
  ['90d', 'percent_change_90d'],
  ['60d', 'percent_change_60d'],
  ['30d', 'percent_change_30d'],
  ['7d', 'percent_change_7d'],
  ['24h', 'percent_change_24h'],
  ['1h', 'percent_change_1h'],
] as const;

/**
 * The changes shown two to a column, shortest timeframe on top (1h over 24h, 7d over 30d, 60d over 90d): six
 * columns of their own made the table 150 px wider than the result panel at 1280×800.
 */
const CHANGE_COLUMNS = [
  [TIMEFRAMES[5], TIMEFRAMES[4]],
  [TIMEFRAMES[3], TIMEFRAMES[2]],
  [TIMEFRAMES[1], TIMEFRAMES[0]],
] as const;

/** Prices back in time from today's price and each timeframe's change: price / (1 + change). */
function pricePath(price: Listing['price']): number[] {
  const now = price.price;
  const points: number[] = [];
  for (const [, key] of TIMEFRAMES) {
    const change = price[key];
    if (change > -100) points.push(now / (1 + change / 100));
  }
  points.push(now);
  return points;
}

/** A small line over the timeframes (90 d ago → now), green when up over the period, red when down. */
function Sparkline({ points, label }: { points: number[]; label: string }) {
  if (points.length < 2) return null;
  const w = 80;
  const h = 28;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const coords = points.map(
    (p, i) => `${((i / (points.length - 1)) * (w - 4) + 2).toFixed(1)},${(h - 3 - ((p - min) / span) * (h - 6)).toFixed(1)}`,
  );
  const up = points[points.length - 1]! >= points[0]!;
  return (
    <svg className={up ? 'pg-spark up' : 'pg-spark down'} width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label}>
      <polyline
        points={coords.join(' ')}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx={coords[coords.length - 1]!.split(',')[0]} cy={coords[coords.length - 1]!.split(',')[1]} r="2.4" fill="currentColor" />
    </svg>
  );
}

/** get_trending_tokens: price, changes over every timeframe, a chart, and market figures. */
export function TrendingView({ data }: RichProps<ToolOutput<typeof getTrendingTokens>>) {
  const { docs } = data;
  return (
    <Section
      title="Trending tokens"
      aside={
        <span className="muted pg-small">
          {docs.length} of {data.total}
          {data.cursor ? ' · more pages (cursor)' : ''}
        </span>
      }
    >
      <div className="pg-table-scroll" role="region" aria-label="Trending tokens" tabIndex={0}>
        <table className="data pg-trending">
          <thead>
            <tr>
              <th>#</th>
              <th>Token</th>
              <th className="num">Price</th>
              {CHANGE_COLUMNS.map(([first, second]) => (
                <th key={first[0]} className="num">
                  {first[0]}
                  <br />
                  {second[0]}
                </th>
              ))}
              <th title="Price over 90 days, from each timeframe's change">Trend</th>
            </tr>
          </thead>
          <tbody>
            {docs.map(({ asset, price, market }, i) => {
              const name = asset.name;
              return (
                <tr key={asset.asset_id}>
                  <td className="muted">{i + 1}</td>
                  <td>
                    <div className="pg-token">
                      <TokenIcon src={asset.icon_url} symbol={asset.symbol} />
                      <div>
                        <div className="pg-token-name">
                          {name} <span className="muted">{asset.symbol}</span>
                          {asset.is_verified && (
                            <span className="pg-verified" title="Verified">
                              ✓
                            </span>
                          )}
                        </div>
                        <div className="pg-token-sub">{asset.network}</div>
                      </div>
                    </div>
                  </td>
                  <td className="num">
                    <div>{formatPrice(price.price)}</div>
                    <div className="pg-token-sub">cap {formatCompact(market.market_cap)}</div>
                  </td>
                  {CHANGE_COLUMNS.map((pair) => (
                    <td key={pair[0][0]} className="num">
                      {pair.map(([label, key]) => (
                        <div key={label} className={trendClass(price[key])}>
                          <span className="visually-hidden">{label} </span>
                          {formatPercent(price[key], 1)}
                        </div>
                      ))}
                    </td>
                  ))}
                  <td>
                    <Sparkline points={pricePath(price)} label={`${name}: 90 days ${formatPercent(price.percent_change_90d)}`} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** get_listing_categories: each category one click from its trending list. */
export function CategoriesView({ data, onRun }: RichProps<ToolOutput<typeof getListingCategories>>) {
  return (
    <Section title="Listing categories" aside={<span className="muted pg-small">Pick one to see its tokens</span>}>
      <ul className="pg-category-grid">
        {data.docs.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="pg-category"
              onClick={() => onRun('get_trending_tokens', { category: c.id, limit: 20 })}
              title={`get_trending_tokens with category "${c.id}"`}
            >
              <span className="pg-category-name">{c.name}</span>
              <Mono>{c.id}</Mono>
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}
