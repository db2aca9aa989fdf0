import { describe, expect, it } from 'vitest';
import { checkContract, COINS } from '../../domain/index';
import { NATIVE_SENTINEL } from '../../domain/tools/swap';
import { assetsOfCoin, searchAssets } from './asset-info';
import { coinStatus } from './coin-status';
import { Dataset } from './dataset';
import { DatasetError } from './errors';
import { KNOWN_TOKENS } from './known-tokens';
import { listingCategories, listings, tickers } from './market-data';
import { securityReport, tokenSecurity } from './security';
import { DOMAINS, findDomain, PROVIDERS, type Provider } from './swap/domains';
import { QUOTE_TTL_MS, quoteRoutes, resolveSwapAsset, type QuoteRequest } from './swap/quotes';
import { StepStore } from './swap/step-store';
import { knownRouters, routeStep, routerAddress } from './swap/transactions';

const T0 = Date.parse('2026-02-27T12:00:00Z');
const ds = new Dataset({ now: () => T0 });
const SPEC_CHAINS = [0, 60, 714, 501, 137, 43114, 42161, 10, 8453];
const USDT_ETH = 'c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDC_SOL = 'c501_tEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const EVM_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const SOL_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

function expectDatasetError(fn: () => unknown, kind: DatasetError['kind'], code: string): DatasetError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DatasetError);
    expect(error).toMatchObject({ kind, code });
    return error as DatasetError;
  }
  throw new Error(`expected a ${kind}/${code} error`);
}

describe('catalogue', () => {
  it('has at least 300 unique assets on all nine spec chains and every gateway coin', () => {
    expect(ds.assets.length).toBeGreaterThanOrEqual(300);
    expect(new Set(ds.assets.map((a) => a.assetId)).size).toBe(ds.assets.length);
    for (const coin of [...SPEC_CHAINS, ...COINS.map((c) => c.id)]) expect(ds.onCoin(coin).length, `coin ${coin}`).toBeGreaterThan(0);
    for (const coin of SPEC_CHAINS.filter((c) => c !== 0))
      expect(ds.onCoin(coin).filter((a) => a.contract).length, `tokens on ${coin}`).toBeGreaterThanOrEqual(5);
  });

  it('uses contracts that pass the shared checkContract unchanged, including routers', () => {
    const bad = ds.assets
      .filter((a) => a.contract !== undefined)
      .filter((a) => {
        const r = checkContract(a.coin, a.contract as string);
        return !r.ok || r.value !== a.contract;
      });
    expect(bad.map((a) => a.assetId)).toEqual([]);
    for (const token of KNOWN_TOKENS) expect(checkContract(token.coin, token.contract)).toEqual({ ok: true, value: token.contract });
    for (const r of knownRouters()) {
      const coin = findDomain(r.domain)?.coin as number;
      expect(checkContract(coin, r.address), `${r.provider} on ${r.domain}`).toEqual({ ok: true, value: r.address });
    }
    for (const d of DOMAINS) if (d.wrapped) expect(checkContract(d.coin, d.wrapped).ok, d.id).toBe(true);
  });

  it('lists the real well-known tokens with their symbols and decimals', () => {
    expect(ds.find('c60_t0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toMatchObject({
      symbol: 'USDC',
      decimals: 6,
      type: 'ERC20',
      verified: true,
    });
    expect(ds.find('c20000714_t0x55d398326f99059ff775485246999027b3197955')).toMatchObject({
      assetId: 'c714_t0x55d398326f99059fF775485246999027B3197955',
      symbol: 'USDT',
      decimals: 18,
      type: 'BEP20',
    });
    expect(ds.find(USDC_SOL)).toMatchObject({ type: 'SPL', decimals: 6 });
    expect(ds.find('c195_tTR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toMatchObject({ symbol: 'USDT', type: 'TRC20' });
    for (const coin of [60, 714, 501, 137, 43114, 42161, 10, 8453])
      expect(
        ds.onCoin(coin).some((a) => a.symbol === 'USDC' && a.verified),
        `USDC on ${coin}`,
      ).toBe(true);
  });
});

describe('prices', () => {
  const eth = ds.require('c60');
  it('are deterministic for a seed and an instant, and move with the clock', () => {
    const again = new Dataset({ now: () => T0 });
    expect(again.prices.priceAt(eth, T0)).toBe(ds.prices.priceAt(eth, T0));
    expect(ds.prices.priceAt(eth, T0 + 60_000)).not.toBe(ds.prices.priceAt(eth, T0));
    expect(new Dataset({ seed: 1 }).prices.priceAt(eth, T0)).not.toBe(ds.prices.priceAt(eth, T0));
  });

  it('stay plausible: majors near their level, stablecoins on the peg, bridged copies together', () => {
    for (let day = 0; day < 365; day += 7) {
      const t = T0 + day * 86_400_000;
      const p = ds.prices.priceAt(eth, t);
      expect(p).toBeGreaterThan(3_400 / 3);
      expect(p).toBeLessThan(3_400 * 3);
      expect(Math.abs(ds.prices.change(eth, t, '1h'))).toBeLessThan(10);
      expect(Math.abs(ds.prices.priceAt(ds.require(USDT_ETH), t) - 1)).toBeLessThan(0.005);
      const weth = ds.prices.priceAt(ds.require('c60_t0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'), t);
      expect(Math.abs(weth / p - 1)).toBeLessThan(0.002);
    }
  });

  it('quote tickers in other currencies and leave unknown ids out', () => {
    const usd = tickers(ds, ['c60', 'c60_t0x0000000000000000000000000000000000000001'], 'USD');
    expect(usd.tickers.map((t) => t.id)).toEqual(['c60']);
    const eur = tickers(ds, ['c60'], 'EUR');
    expect(eur.tickers[0]?.price).toBeCloseTo((usd.tickers[0]?.price ?? 0) * 0.92, 2);
    expectDatasetError(() => tickers(ds, ['c60'], 'XYZ'), 'invalid', 'unsupported_currency');
  });
});

describe('search and details', () => {
  it('finds by symbol (real tokens before look-alikes), name, contract and asset id', () => {
    const usdc = searchAssets(ds, { query: 'USDC', limit: 100 });
    expect(usdc.docs[0]?.verifiers.length).toBeGreaterThan(0);
    const firstUnverified = usdc.docs.findIndex((d) => d.verifiers.length === 0);
    expect(firstUnverified).toBeGreaterThan(usdc.docs.findLastIndex((d) => d.verifiers.length > 0));
    expect(usdc.docs[firstUnverified]?.symbol).toBe('USDC'); // the counterfeit is found, but last
    expect(searchAssets(ds, { query: 'uniswap', limit: 5 }).docs[0]?.symbol).toBe('UNI');
    expect(searchAssets(ds, { query: '0xdac17f958d2ee523a2206206994597c13d831ec7', limit: 5 }).docs[0]?.asset_id).toBe(USDT_ETH);
    expect(searchAssets(ds, { query: 'USDT', networks: [195], limit: 5 }).docs.every((d) => d.asset_id.startsWith('c195'))).toBe(true);
    expect(searchAssets(ds, { query: 'zzzz-no-such', limit: 5 })).toEqual({ total: 0, docs: [] });
  });

  it('pages the assets of a chain with a cursor', () => {
    const first = assetsOfCoin(ds, 60, 10, undefined);
    expect(first.docs[0]?.asset_id).toBe('c60');
    const second = assetsOfCoin(ds, 60, 10, first.cursor as string);
    expect(second.docs[0]?.asset_id).not.toBe(first.docs[0]?.asset_id);
    expectDatasetError(() => assetsOfCoin(ds, 714, 10, first.cursor as string), 'invalid', 'invalid_cursor');
  });

  it('reports coin status with staking for natives and trading disabled for honeypots', () => {
    expect(coinStatus(ds, 'c501', false)).toMatchObject({ isStakeEnabled: true, isSwapEnabled: true, staking: { unbondingPeriodDays: 2 } });
    const honeypot = ds.assets.find((a) => a.risk === 'honeypot');
    expect(coinStatus(ds, honeypot?.assetId as string, true)).toMatchObject({
      isSwapEnabled: false,
      security_info: { honeypot_risk: { num_risks: 1, sell_tax: 100 } },
    });
    expectDatasetError(() => coinStatus(ds, 'c60_t0x0000000000000000000000000000000000000001', false), 'not_found', 'unknown_asset');
    expectDatasetError(() => coinStatus(ds, 'c9999', false), 'invalid', 'invalid_asset_id');
  });
});

describe('listings', () => {
  it('pages through a stable snapshot with an opaque cursor, without overlap', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let total: number;
    do {
      const page = listings(ds, { category: 'defi-2', limit: 7, ...(cursor ? { cursor } : {}) }, T0 + seen.length * 60_000);
      total = page.total;
      seen.push(...page.docs.map((d) => d.asset.asset_id));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('sorts by 24 h change, filters networks, and rejects foreign or forged cursors', () => {
    const gainers = listings(ds, { sort: 'price24h', limit: 20, networks: [501] });
    const changes = gainers.docs.map((d) => d.price.percent_change_24h);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    expect(gainers.docs.every((d) => d.asset.network === 'Solana')).toBe(true);
    expect(listings(ds, { category: 'trending', limit: 100 }).total).toBe(40);
    const cursor = listings(ds, { category: 'memes', limit: 2 }).cursor as string;
    expectDatasetError(() => listings(ds, { category: 'ai', limit: 2, cursor }), 'invalid', 'invalid_cursor');
    expectDatasetError(() => listings(ds, { limit: 2, cursor: 'not-a-cursor' }), 'invalid', 'invalid_cursor');
    expectDatasetError(() => listings(ds, { category: 'nope', limit: 2 }), 'invalid', 'unknown_category');
  });

  it('lists categories, only those present on the given networks', () => {
    const all = listingCategories(ds).docs.map((c) => c.id);
    expect(all).toEqual(expect.arrayContaining(['trending', 'ai', 'memes', 'defi-2', 'layer_2', 'nft']));
    const tron = listingCategories(ds, [195]).docs.map((c) => c.id);
    expect(tron).toContain('tron-ecosystem');
    expect(tron).not.toContain('solana-ecosystem');
  });
});

describe('security reports', () => {
  it('include honeypots, counterfeits and Solana freeze authority', () => {
    const honeypot = ds.assets.find((a) => a.risk === 'honeypot');
    expect(tokenSecurity(ds, honeypot?.assetId as string).securityInfo).toMatchObject({
      isHoneypot: true,
      riskLevel: 'critical',
      sellTax: 100,
    });
    const frozen = ds.assets.find((a) => a.risk === 'freeze-authority');
    expect(tokenSecurity(ds, frozen?.assetId as string)).toMatchObject({
      solanaSecurityInfo: { hasFreezeAuthority: true, riskLevel: 'high' },
    });
    expect(tokenSecurity(ds, USDC_SOL).solanaSecurityInfo).toMatchObject({ hasFreezeAuthority: true, hasMintAuthority: true });
    expect(tokenSecurity(ds, 'c60_t0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984').securityInfo).toMatchObject({
      riskLevel: 'low',
      hasAudit: true,
    });
    expect(ds.assets.some((a) => securityReport(a).isCounterfeit)).toBe(true);
    expectDatasetError(() => tokenSecurity(ds, 'c60'), 'invalid', 'not_a_token');
  });
});

describe('swap quotes and route steps', () => {
  const store = new StepStore();
  const d = (id: string) => findDomain(id) as NonNullable<ReturnType<typeof findDomain>>;
  const req = (over: Partial<QuoteRequest>): QuoteRequest => ({
    fromDomain: d('ethereum'),
    toDomain: d('ethereum'),
    fromAsset: ds.require(USDT_ETH),
    toAsset: ds.require('c60'),
    amount: 1_000_000_000n,
    fromAddress: EVM_WALLET,
    toAddress: EVM_WALLET,
    slippageBps: 100,
    sortBy: 'outcome',
    ...over,
  });

  it('ranks same-chain routes best first, with slippage-protected minimums and expiry', () => {
    const { routes } = quoteRoutes(ds, store, req({}), 'acct', T0);
    expect(routes.length).toBe(3);
    const outs = routes.map((r) => BigInt(r.outcome.amount));
    expect(outs).toEqual([...outs].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const step = routes[0]?.steps[0];
    expect(step?.type).toBe('STEP_TYPE_SWAP');
    expect(BigInt(step?.to.minAmountOut ?? 0)).toBe((BigInt(step?.to.amount ?? 0) * 9_900n) / 10_000n);
    expect(Date.parse(routes[0]?.expirationDate ?? '')).toBe(T0 + QUOTE_TTL_MS);
    // ~1000 USDT buys ~1000/price ETH, less fees and impact.
    const ethPrice = ds.prices.priceAt(ds.require('c60'), T0);
    expect(Number(outs[0]) / 1e18).toBeGreaterThan((1000 / ethPrice) * 0.98);
    expect(Number(outs[0]) / 1e18).toBeLessThan((1000 / ethPrice) * 1.01);
  });

  it('grows price impact with the amount and warns about it', () => {
    const small = quoteRoutes(ds, store, req({}), 'acct', T0).routes[0]?.steps[0]?.priceImpact ?? 0;
    const huge = quoteRoutes(ds, store, req({ amount: 10n ** 15n }), 'acct', T0).routes[0];
    expect(huge?.steps[0]?.priceImpact).toBeGreaterThan(small * 100);
    expect(huge?.warnings.join(' ')).toMatch(/High price impact/);
  });

  it('bridges across chains, with swaps around the bridge when needed', () => {
    const toArb = quoteRoutes(
      ds,
      store,
      req({
        fromAsset: ds.require('c60'),
        toDomain: d('arbitrum'),
        toAsset: ds.require('c42161_t0x912CE59144191C1204E64559FE8253a0e49E6548'),
      }),
      'acct',
      T0,
    );
    expect(toArb.routes.length).toBeGreaterThan(0);
    for (const route of toArb.routes) expect(route.steps.some((s) => s.type === 'STEP_TYPE_BRIDGE')).toBe(true);
    const viaStargate = toArb.routes.find((r) => r.steps.some((s) => s.provider.id === 'stargate'));
    expect(viaStargate?.steps.map((s) => s.type)).toEqual(['STEP_TYPE_SWAP', 'STEP_TYPE_BRIDGE', 'STEP_TYPE_SWAP']);
    const toSol = quoteRoutes(
      ds,
      store,
      req({ fromAsset: ds.require('c60'), toDomain: d('solana'), toAsset: ds.require('c501'), toAddress: SOL_WALLET }),
      'acct',
      T0,
    );
    expect(toSol.routes.map((r) => r.steps[0]?.provider.id)).toEqual(expect.arrayContaining(['rango', 'swft']));
  });

  it('returns EVM transactions with approvals, base64 data elsewhere, and wraps 1:1', () => {
    const evm = quoteRoutes(ds, store, req({}), 'acct', T0).routes[0]?.steps[0];
    const tx = routeStep(store, evm?.id as string, 'acct', T0 + 1000);
    const router = routerAddress(PROVIDERS.find((p) => p.id === evm?.provider.id) as Provider, d('ethereum'));
    expect(tx.transaction).toMatchObject({ domainId: 'ethereum', type: 'EVM', evmTx: { to: router, value: '0x0' } });
    expect((tx.transaction as { evmTx: { data: string } }).evmTx.data).toMatch(/^0x[0-9a-f]{8}([0-9a-f]{64}){5}$/);
    expect(tx.approve?.data.startsWith('0x095ea7b3')).toBe(true);
    expect(tx.revokeApproval).not.toBeNull(); // USDT on Ethereum needs its allowance reset first
    const sol = quoteRoutes(
      ds,
      store,
      req({
        fromDomain: d('solana'),
        toDomain: d('solana'),
        fromAsset: ds.require(USDC_SOL),
        toAsset: ds.require('c501'),
        fromAddress: SOL_WALLET,
        toAddress: SOL_WALLET,
      }),
      'acct',
      T0,
    );
    const solTx = routeStep(store, sol.routes[0]?.steps[0]?.id as string, 'acct', T0);
    expect(Buffer.from((solTx.transaction as { data: string }).data, 'base64').length).toBe(640);
    const wrap = quoteRoutes(
      ds,
      store,
      req({
        fromAsset: resolveSwapAsset(ds, d('ethereum'), NATIVE_SENTINEL, 'from'),
        toAsset: ds.require('c60_t0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'),
        amount: 10n ** 18n,
      }),
      'acct',
      T0,
    );
    expect(wrap.routes).toHaveLength(1);
    expect(wrap.routes[0]?.steps[0]).toMatchObject({ type: 'STEP_TYPE_WRAP', to: { amount: '1000000000000000000' } });
  });

  it("refuses expired, unknown and other accounts' steps, and honeypot sells", () => {
    const id = quoteRoutes(ds, store, req({}), 'acct', T0).routes[0]?.steps[0]?.id as string;
    expect(expectDatasetError(() => routeStep(store, id, 'acct', T0 + QUOTE_TTL_MS + 5_000), 'expired', 'step_expired').message).toMatch(
      /expired 5 s ago/,
    );
    expectDatasetError(() => routeStep(store, id, 'someone-else', T0), 'not_found', 'unknown_step');
    expectDatasetError(() => routeStep(store, 'no-such-step', 'acct', T0), 'not_found', 'unknown_step');
    const honeypot = ds.assets.find((a) => a.risk === 'honeypot' && a.coin === 60)!;
    const refused = quoteRoutes(ds, store, req({ fromAsset: honeypot }), 'acct', T0);
    expect(refused.routes).toEqual([]);
    expect(refused.warnings?.[0]).toMatch(/honeypot/);
    expectDatasetError(() => quoteRoutes(ds, store, req({ toAsset: ds.require(USDT_ETH) }), 'acct', T0), 'invalid', 'same_asset');
    expectDatasetError(() => resolveSwapAsset(ds, d('ethereum'), 'c501', 'fromAsset'), 'invalid', 'asset_domain_mismatch');
  });
});
