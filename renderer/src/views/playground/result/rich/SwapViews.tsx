import { useEffect, useState } from 'react';
import { getCoin, parseAssetId } from '../../../../../../domain/index';
import type { ToolOutput } from '../../../../../../domain/tools/contract';
import type {
  getProviderDetails,
  getSwapDomains,
  getSwapProviders,
  getSwapQuote,
  getSwapRouteStep,
} from '../../../../../../domain/tools/swap';
import { countdown, formatDuration, formatHexQuantity, formatPercent, formatUnits, shortHash } from '../format';
import { Mono, num, Section, str, type RichProps } from './common';

type Route = ToolOutput<typeof getSwapQuote>['routes'][number];
type Side = Route['steps'][number]['from'];
type EvmTransaction = NonNullable<ToolOutput<typeof getSwapRouteStep>['approve']>;
type ProviderRef = ToolOutput<typeof getSwapProviders>['dex'][number];

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A network fee is quoted in the chain's native coin, by asset id (c60 → ETH, 18 decimals). */
function nativeCoin(assetId: string): { symbol: string; decimals: number } | undefined {
  const parsed = parseAssetId(assetId);
  const coin = parsed.ok && !parsed.value.token ? getCoin(parsed.value.coin) : undefined;
  return coin && { symbol: coin.symbol, decimals: coin.decimals };
}

function Expiry({ at }: { at: string | undefined }) {
  const now = useNow(1000);
  const until = at ? Date.parse(at) : Number.NaN;
  if (Number.isNaN(until)) return null;
  const left = countdown(until, now);
  if (!left) return <span className="badge bad">Quote expired — run it again</span>;
  const soon = until - now < 30_000;
  return (
    <span className={soon ? 'badge warn' : 'badge ok'} title={new Date(until).toLocaleString()}>
      Expires in {left}
    </span>
  );
}

/** An amount in or out: the schema's asset and amount, with the symbol, decimals and domain a gateway may add. */
function Amount({ side }: { side: Side }) {
  const amount = formatUnits(side.amount, side.decimals);
  return (
    <div className="pg-amount">
      <span className="pg-amount-value">
        {amount} <strong>{str(side.symbol) ?? ''}</strong>
      </span>
      <span className="pg-amount-sub">
        {str(side.domain) ?? ''} · <span title={side.asset}>{shortHash(side.asset, 10)}</span>
      </span>
    </div>
  );
}

const STEP_TYPES: Record<string, string> = {
  STEP_TYPE_SWAP: 'Swap',
  STEP_TYPE_BRIDGE: 'Bridge',
  STEP_TYPE_WRAP: 'Wrap',
  STEP_TYPE_UNWRAP: 'Unwrap',
};

/** One route as a diagram: what goes in, each step with its provider, fee and impact, what comes out. */
function RouteDiagram({ route, index, onStep }: { route: Route; index: number; onStep: (stepId: string) => void }) {
  const { steps, warnings } = route;
  const first = steps[0];
  return (
    <article className="pg-route" aria-label={`Route ${index + 1}`}>
      <header className="pg-route-head">
        <h4>
          Route {index + 1} {index === 0 && <span className="badge accent">Best</span>}
        </h4>
        <div className="row">
          {num(route.totalFeesUsd) !== undefined && <span className="muted pg-small">Fees ≈ ${num(route.totalFeesUsd)!.toFixed(2)}</span>}
          {num(route.estimatedTime) !== undefined && (
            <span className="muted pg-small">≈ {formatDuration(num(route.estimatedTime)! * 1000)}</span>
          )}
          <Expiry at={route.expirationDate} />
        </div>
      </header>
      <ol className="pg-steps">
        {first && (
          <li className="pg-node">
            <span className="pg-node-label">You send</span>
            <Amount side={first.from} />
          </li>
        )}
        {steps.map((step, i) => {
          const { to, provider, networkFee: fee, priceImpact: impact } = step;
          return (
            <li key={step.id} className="pg-step-group">
              <div className="pg-step">
                <span className="pg-step-arrow" aria-hidden="true">
                  →
                </span>
                <div className="pg-step-box">
                  <div className="pg-step-title">
                    <span className="badge">{STEP_TYPES[step.type] ?? step.type}</span> <strong>{provider.name}</strong>
                  </div>
                  <dl className="pg-step-facts">
                    <div>
                      <dt>Price impact</dt>
                      <dd className={impact > 0.01 ? 'warn-text' : ''}>{formatPercent(impact * 100, 2)}</dd>
                    </div>
                    <div>
                      <dt>Network fee</dt>
                      <dd title={fee.asset}>
                        {formatUnits(fee.amount, nativeCoin(fee.asset)?.decimals ?? 18)}{' '}
                        <span className="muted">{nativeCoin(fee.asset)?.symbol ?? fee.asset}</span>
                      </dd>
                    </div>
                    <div>
                      <dt>Slippage</dt>
                      <dd>{str(step.slippage) ?? num(step.slippage) ?? '—'}%</dd>
                    </div>
                  </dl>
                  {step.id && (
                    <button type="button" className="button small" onClick={() => onStep(step.id)}>
                      Get transaction
                    </button>
                  )}
                </div>
              </div>
              <div className="pg-step">
                <span className="pg-step-arrow" aria-hidden="true">
                  →
                </span>
                <div className="pg-node">
                  <span className="pg-node-label">{i === steps.length - 1 ? 'You receive' : 'Then'}</span>
                  <Amount side={to} />
                  {to.minAmountOut && (
                    <span className="pg-amount-sub">at least {formatUnits(to.minAmountOut, to.decimals)} after slippage</span>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {warnings.length > 0 && (
        <ul className="callout warn pg-small">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** get_swap_quote: every route, best first, with a live expiry countdown. */
export function SwapQuoteView({ data, onRun }: RichProps<ToolOutput<typeof getSwapQuote>>) {
  const { routes } = data;
  if (routes.length === 0)
    return <p className="callout warn">No route: the router found no way to make this swap. Try another amount, pair or domain.</p>;
  return (
    <Section title={`${routes.length} route${routes.length === 1 ? '' : 's'}`} aside={<span className="muted pg-small">Best first</span>}>
      <div className="pg-routes">
        {routes.map((route, i) => (
          <RouteDiagram key={route.id} route={route} index={i} onStep={(stepId) => onRun('get_swap_route_step', { stepId })} />
        ))}
      </div>
    </Section>
  );
}

function EvmTx({ title, tx }: { title: string; tx: EvmTransaction }) {
  return (
    <div className="pg-tx">
      <h4>{title}</h4>
      <dl className="facts pg-tx-facts">
        <div>
          <dt>To</dt>
          <dd>
            <Mono>{tx.to}</Mono>
          </dd>
        </div>
        <div>
          <dt>Value</dt>
          <dd>
            {formatUnits(tx.value.startsWith('0x') ? BigInt(tx.value).toString() : tx.value, 18)}{' '}
            <span className="muted">native ({tx.value})</span>
          </dd>
        </div>
        <div>
          <dt>Gas limit</dt>
          <dd>{formatHexQuantity(tx.gasLimit)}</dd>
        </div>
        <div>
          <dt>Data</dt>
          <dd>
            <Mono title={tx.data}>{shortHash(tx.data, 18)}</Mono>{' '}
            <span className="muted">({Math.max(0, (tx.data.length - 2) / 2)} bytes)</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** get_swap_route_step: the transaction to sign, and any approval it needs first. */
export function RouteStepView({ data }: RichProps<ToolOutput<typeof getSwapRouteStep>>) {
  const tx = data.transaction;
  return (
    <Section title="Transaction for this step" aside={<Expiry at={str(data.expiresAt)} />}>
      <div className="row pg-small">
        <span className="badge accent">{tx.type}</span>
        <span>
          on <strong>{tx.domainId}</strong>
        </span>
        <span className="muted">
          step <Mono>{data.stepId}</Mono>
        </span>
      </div>
      {data.approve && <EvmTx title="1. Approve the token first" tx={data.approve} />}
      {tx.evmTx && <EvmTx title={data.approve ? '2. Then send' : 'Send'} tx={tx.evmTx} />}
      {tx.data && (
        <div className="pg-tx">
          <h4>Transaction data (base64)</h4>
          <pre className="pg-pre">{tx.data}</pre>
        </div>
      )}
      {data.revokeApproval && <EvmTx title="Afterwards: revoke the approval" tx={data.revokeApproval} />}
    </Section>
  );
}

/** get_swap_domains */
export function DomainsView({ data }: RichProps<ToolOutput<typeof getSwapDomains>>) {
  return (
    <Section title={`${data.domains.length} swap domains`}>
      <table className="data">
        <thead>
          <tr>
            <th>Domain</th>
            <th>Type</th>
            <th>Chain id</th>
            <th className="num">Finality</th>
            <th>DEX providers</th>
          </tr>
        </thead>
        <tbody>
          {data.domains.map((d) => (
            <tr key={d.id}>
              <td>
                <strong>{d.name}</strong> <Mono>{d.id}</Mono>
              </td>
              <td>
                <span className="badge">{d.type}</span>
              </td>
              <td>{d.chainId ? <Mono>{d.chainId}</Mono> : <span className="muted">—</span>}</td>
              <td className="num">{formatDuration(d.finalityTime * 1000)}</td>
              <td>{d.dex.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function ProviderTable({ title, list, onRun }: { title: string; list: readonly ProviderRef[]; onRun: RichProps<unknown>['onRun'] }) {
  return (
    <div>
      <h4>{title}</h4>
      <table className="data">
        <thead>
          <tr>
            <th className="num">Rank</th>
            <th>Provider</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {[...list]
            .sort((a, b) => a.rank - b.rank)
            .map((p) => (
              <ProviderRow key={p.id} provider={p} onRun={onRun} />
            ))}
        </tbody>
      </table>
    </div>
  );
}

function ProviderRow({ provider: p, onRun }: { provider: ProviderRef; onRun: RichProps<unknown>['onRun'] }) {
  return (
    <tr>
      <td className="num">{p.rank}</td>
      <td>
        <strong>{p.name}</strong> <Mono>{p.id}</Mono>
      </td>
      <td>
        <button type="button" className="pg-link-button" onClick={() => onRun('get_provider_details', { id: p.id })}>
          details
        </button>
      </td>
    </tr>
  );
}

/** get_swap_providers */
export function ProvidersView({ data, onRun }: RichProps<ToolOutput<typeof getSwapProviders>>) {
  return (
    <Section title="Swap and bridge providers">
      <div className="pg-two">
        <ProviderTable title={`DEX aggregators (${data.dex.length})`} list={data.dex} onRun={onRun} />
        <ProviderTable title={`Bridges (${data.bridge.length})`} list={data.bridge} onRun={onRun} />
      </div>
    </Section>
  );
}

/** get_provider_details */
export function ProviderDetailsView({ data }: RichProps<ToolOutput<typeof getProviderDetails>>) {
  return (
    <Section title={data.name} aside={<span className="badge accent">{data.type === 'bridge' ? 'Bridge' : 'DEX'}</span>}>
      <dl className="facts">
        <div>
          <dt>Id</dt>
          <dd>{data.id}</dd>
        </div>
        <div>
          <dt>Rank</dt>
          <dd>{data.rank}</dd>
        </div>
        {num(data.fee) !== undefined && (
          <div>
            <dt>Fee</dt>
            <dd>{num(data.fee)}%</dd>
          </div>
        )}
        <div>
          <dt>Domains</dt>
          <dd>{data.domains.join(', ') || '—'}</dd>
        </div>
        {str(data.website) && (
          <div>
            <dt>Website</dt>
            <dd>{str(data.website)}</dd>
          </div>
        )}
      </dl>
    </Section>
  );
}
