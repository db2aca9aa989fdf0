import { useEffect, useState } from 'react';
import { getCoin, parseAssetId } from '../../../../../../domain/index';
import { countdown, formatDuration, formatHexQuantity, formatPercent, formatUnits, shortHash } from '../format';
import { arr, isObj, Mono, num, Section, str, type Json, type RichProps } from './common';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A network fee is quoted in the chain's native coin, by asset id (c60 → ETH, 18 decimals). */
function nativeCoin(assetId: unknown): { symbol: string; decimals: number } | undefined {
  const parsed = typeof assetId === 'string' ? parseAssetId(assetId) : undefined;
  const coin = parsed?.ok && !parsed.value.token ? getCoin(parsed.value.coin) : undefined;
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

function Amount({ side }: { side: Json }) {
  const amount = formatUnits(side.amount, side.decimals);
  return (
    <div className="pg-amount">
      <span className="pg-amount-value">
        {amount} <strong>{str(side.symbol) ?? ''}</strong>
      </span>
      <span className="pg-amount-sub">
        {str(side.domain) ?? ''} · <span title={str(side.asset)}>{shortHash(str(side.asset) ?? '', 10)}</span>
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
function RouteDiagram({ route, index, onStep }: { route: Json; index: number; onStep: (stepId: string) => void }) {
  const steps = arr(route.steps).filter(isObj);
  const first = steps[0];
  const warnings = arr(route.warnings).map(String);
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
          <Expiry at={str(route.expirationDate)} />
        </div>
      </header>
      <ol className="pg-steps">
        {first && isObj(first.from) && (
          <li className="pg-node">
            <span className="pg-node-label">You send</span>
            <Amount side={first.from} />
          </li>
        )}
        {steps.map((step, i) => {
          const to = isObj(step.to) ? step.to : {};
          const provider = isObj(step.provider) ? step.provider : {};
          const fee = isObj(step.networkFee) ? step.networkFee : {};
          const impact = num(step.priceImpact);
          return (
            <li key={str(step.id) ?? i} className="pg-step-group">
              <div className="pg-step">
                <span className="pg-step-arrow" aria-hidden="true">
                  →
                </span>
                <div className="pg-step-box">
                  <div className="pg-step-title">
                    <span className="badge">{STEP_TYPES[String(step.type)] ?? String(step.type)}</span>{' '}
                    <strong>{str(provider.name) ?? str(provider.id)}</strong>
                  </div>
                  <dl className="pg-step-facts">
                    <div>
                      <dt>Price impact</dt>
                      <dd className={impact !== undefined && impact > 0.01 ? 'warn-text' : ''}>
                        {impact !== undefined ? formatPercent(impact * 100, 2) : '—'}
                      </dd>
                    </div>
                    <div>
                      <dt>Network fee</dt>
                      <dd title={str(fee.asset)}>
                        {formatUnits(fee.amount, nativeCoin(fee.asset)?.decimals ?? 18)}{' '}
                        <span className="muted">{nativeCoin(fee.asset)?.symbol ?? str(fee.asset)}</span>
                      </dd>
                    </div>
                    <div>
                      <dt>Slippage</dt>
                      <dd>{str(step.slippage) ?? num(step.slippage) ?? '—'}%</dd>
                    </div>
                  </dl>
                  {str(step.id) && (
                    <button type="button" className="button small" onClick={() => onStep(str(step.id)!)}>
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
                  {str(to.minAmountOut) && (
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
export function SwapQuoteView({ data, onRun }: RichProps) {
  if (!isObj(data) || !Array.isArray(data.routes)) return null;
  const routes = data.routes.filter(isObj);
  if (routes.length === 0)
    return <p className="callout warn">No route: the router found no way to make this swap. Try another amount, pair or domain.</p>;
  return (
    <Section title={`${routes.length} route${routes.length === 1 ? '' : 's'}`} aside={<span className="muted pg-small">Best first</span>}>
      <div className="pg-routes">
        {routes.map((route, i) => (
          <RouteDiagram key={str(route.id) ?? i} route={route} index={i} onStep={(stepId) => onRun('get_swap_route_step', { stepId })} />
        ))}
      </div>
    </Section>
  );
}

function EvmTx({ title, tx }: { title: string; tx: Json }) {
  return (
    <div className="pg-tx">
      <h4>{title}</h4>
      <dl className="facts pg-tx-facts">
        <div>
          <dt>To</dt>
          <dd>
            <Mono>{str(tx.to) ?? '—'}</Mono>
          </dd>
        </div>
        <div>
          <dt>Value</dt>
          <dd>
            {formatUnits(str(tx.value)?.startsWith('0x') ? BigInt(str(tx.value)!).toString() : tx.value, 18)}{' '}
            <span className="muted">native ({str(tx.value)})</span>
          </dd>
        </div>
        <div>
          <dt>Gas limit</dt>
          <dd>{formatHexQuantity(tx.gasLimit)}</dd>
        </div>
        <div>
          <dt>Data</dt>
          <dd>
            <Mono title={str(tx.data)}>{shortHash(str(tx.data) ?? '', 18)}</Mono>{' '}
            <span className="muted">({Math.max(0, ((str(tx.data)?.length ?? 2) - 2) / 2)} bytes)</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** get_swap_route_step: the transaction to sign, and any approval it needs first. */
export function RouteStepView({ data }: RichProps) {
  if (!isObj(data) || !isObj(data.transaction)) return null;
  const tx = data.transaction;
  return (
    <Section title="Transaction for this step" aside={<Expiry at={str(data.expiresAt)} />}>
      <div className="row pg-small">
        <span className="badge accent">{str(tx.type) ?? '?'}</span>
        <span>
          on <strong>{str(tx.domainId)}</strong>
        </span>
        <span className="muted">
          step <Mono>{str(data.stepId)}</Mono>
        </span>
      </div>
      {isObj(data.approve) && <EvmTx title="1. Approve the token first" tx={data.approve} />}
      {isObj(tx.evmTx) && <EvmTx title={isObj(data.approve) ? '2. Then send' : 'Send'} tx={tx.evmTx} />}
      {str(tx.data) && (
        <div className="pg-tx">
          <h4>Transaction data (base64)</h4>
          <pre className="pg-pre">{str(tx.data)}</pre>
        </div>
      )}
      {isObj(data.revokeApproval) && <EvmTx title="Afterwards: revoke the approval" tx={data.revokeApproval} />}
    </Section>
  );
}

/** get_swap_domains */
export function DomainsView({ data }: RichProps) {
  if (!isObj(data) || !Array.isArray(data.domains)) return null;
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
          {data.domains.filter(isObj).map((d) => (
            <tr key={String(d.id)}>
              <td>
                <strong>{str(d.name)}</strong> <Mono>{String(d.id)}</Mono>
              </td>
              <td>
                <span className="badge">{str(d.type)}</span>
              </td>
              <td>{str(d.chainId) ? <Mono>{str(d.chainId)}</Mono> : <span className="muted">—</span>}</td>
              <td className="num">{num(d.finalityTime) !== undefined ? formatDuration(num(d.finalityTime)! * 1000) : '—'}</td>
              <td>{arr(d.dex).map(String).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function ProviderTable({ title, list, onRun }: { title: string; list: Json[]; onRun: RichProps['onRun'] }) {
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
            .sort((a, b) => (num(a.rank) ?? 99) - (num(b.rank) ?? 99))
            .map((p) => (
              <tr key={String(p.id)}>
                <td className="num">{num(p.rank) ?? '—'}</td>
                <td>
                  <strong>{str(p.name)}</strong> <Mono>{String(p.id)}</Mono>
                </td>
                <td>
                  <button type="button" className="pg-link-button" onClick={() => onRun('get_provider_details', { id: String(p.id) })}>
                    details
                  </button>
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

/** get_swap_providers */
export function ProvidersView({ data, onRun }: RichProps) {
  if (!isObj(data) || (!Array.isArray(data.dex) && !Array.isArray(data.bridge))) return null;
  return (
    <Section title="Swap and bridge providers">
      <div className="pg-two">
        <ProviderTable title={`DEX aggregators (${arr(data.dex).length})`} list={arr(data.dex).filter(isObj)} onRun={onRun} />
        <ProviderTable title={`Bridges (${arr(data.bridge).length})`} list={arr(data.bridge).filter(isObj)} onRun={onRun} />
      </div>
    </Section>
  );
}

/** get_provider_details */
export function ProviderDetailsView({ data }: RichProps) {
  if (!isObj(data) || !str(data.id)) return null;
  return (
    <Section
      title={str(data.name) ?? String(data.id)}
      aside={<span className="badge accent">{str(data.type) === 'bridge' ? 'Bridge' : 'DEX'}</span>}
    >
      <dl className="facts">
        <div>
          <dt>Id</dt>
          <dd>{String(data.id)}</dd>
        </div>
        <div>
          <dt>Rank</dt>
          <dd>{num(data.rank) ?? '—'}</dd>
        </div>
        {num(data.fee) !== undefined && (
          <div>
            <dt>Fee</dt>
            <dd>{num(data.fee)}%</dd>
          </div>
        )}
        <div>
          <dt>Domains</dt>
          <dd>{arr(data.domains).map(String).join(', ') || '—'}</dd>
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
