import { checkAddress, getCoin } from '../../domain/index';
import { parseAssetIdCached as parseAssetId } from '../common/asset-ids';
import { assetDetails, assetsOfCoin, searchAssets } from '../dataset/asset-info';
import { coinStatus } from '../dataset/coin-status';
import type { Dataset } from '../dataset/dataset';
import { invalid, notFound } from '../dataset/errors';
import { LISTING_SORTS, listingCategories, listings, tickers, type ListingSort } from '../dataset/market-data';
import { tokenSecurity } from '../dataset/security';
import { domainsList, findDomain, PROVIDERS, providerDetails, providersList } from '../dataset/swap/domains';
import { quoteRoutes, resolveSwapAsset } from '../dataset/swap/quotes';
import type { StepStore } from '../dataset/swap/step-store';
import { routeStep } from '../dataset/swap/transactions';
import type { Account, Scope } from './accounts';
import { BodyFields, QueryParams } from './params';

export interface RouteContext {
  readonly ds: Dataset;
  readonly steps: StepStore;
  readonly url: URL;
  /** Decoded path segments captured by the route pattern. */
  readonly params: readonly string[];
  readonly body: unknown;
  readonly account: Account;
  readonly testHooks: boolean;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

export interface Route {
  readonly method: 'GET' | 'POST';
  readonly pattern: RegExp;
  readonly scope?: Scope;
  readonly handle: (ctx: RouteContext) => unknown;
}

const MAX_TEST_DELAY_MS = 60_000;

/** With test hooks on, `slow:<ms>` as a search query holds the answer back, until the caller gives up. */
async function testDelay(ctx: RouteContext, query: string): Promise<void> {
  const match = /^slow:(\d{1,5})$/.exec(query);
  if (!ctx.testHooks || !match) return;
  const ms = Math.min(Number(match[1]), MAX_TEST_DELAY_MS);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    ctx.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function coinOf(assetIdOrChain: string, field: string): number {
  const parsed = parseAssetId(assetIdOrChain);
  if (!parsed.ok) throw invalid('invalid_asset_id', `${field}: ${parsed.message}`);
  return parsed.value.coin;
}

function domainOf(id: string, field: string) {
  const domain = findDomain(id);
  if (!domain)
    throw invalid(
      'unknown_domain',
      `${field}: unknown domain "${id.slice(0, 40)}"; domains: ${domainsList(true)
        .domains.map((d) => d.id)
        .join(', ')}.`,
    );
  return domain;
}

function route(ctx: RouteContext) {
  const f = new BodyFields(ctx.body, [
    'fromAsset',
    'fromAddress',
    'fromDomain',
    'amount',
    'toAsset',
    'toDomain',
    'toAddress',
    'slippage',
    'sortBy',
  ]);
  const fromDomain = domainOf(f.requiredString('fromDomain', 40), 'fromDomain');
  const toDomain = domainOf(f.requiredString('toDomain', 40), 'toDomain');
  const fromAsset = resolveSwapAsset(ctx.ds, fromDomain, f.requiredString('fromAsset'), 'fromAsset');
  const toAsset = resolveSwapAsset(ctx.ds, toDomain, f.requiredString('toAsset'), 'toAsset');
  const amountText = f.requiredString('amount', 60);
  if (!/^\d{1,40}$/.test(amountText) || BigInt(amountText) === 0n) {
    throw invalid(
      'invalid_amount',
      `amount must be a positive whole number of the smallest unit (e.g. "1000000" for 1 USDC), at most 40 digits; got "${amountText.slice(0, 50)}".`,
    );
  }
  const fromAddress = checkAddress(fromDomain.coin, f.requiredString('fromAddress'));
  if (!fromAddress.ok) throw invalid('invalid_address', `fromAddress is not a valid ${fromDomain.name} address: ${fromAddress.message}`);
  const sameFamily = getCoin(fromDomain.coin)?.family === getCoin(toDomain.coin)?.family;
  const toText = f.string('toAddress') ?? (sameFamily ? fromAddress.value : undefined);
  if (toText === undefined)
    throw invalid('missing_field', `toAddress is required: a ${fromDomain.name} address cannot receive on ${toDomain.name}.`);
  const toAddress = checkAddress(toDomain.coin, toText);
  if (!toAddress.ok) throw invalid('invalid_address', `toAddress is not a valid ${toDomain.name} address: ${toAddress.message}`);
  const slippageText = f.string('slippage', 10) ?? '1';
  const slippage = /^\d{1,2}(\.\d{1,2})?$/.test(slippageText) ? Number(slippageText) : NaN;
  if (!(slippage > 0 && slippage <= 50))
    throw invalid('invalid_slippage', `slippage is a percentage from 0.01 to 50 as a string, e.g. "1"; got "${slippageText}".`);
  const sortBy = f.string('sortBy', 10) ?? 'outcome';
  if (sortBy !== 'outcome' && sortBy !== 'fee') throw invalid('invalid_field', 'sortBy must be "outcome" or "fee".');
  return quoteRoutes(
    ctx.ds,
    ctx.steps,
    {
      fromDomain,
      toDomain,
      fromAsset,
      toAsset,
      amount: BigInt(amountText),
      fromAddress: fromAddress.value,
      toAddress: toAddress.value,
      slippageBps: Math.round(slippage * 100),
      sortBy,
    },
    ctx.account.accessId,
  );
}

/** The REST API, matching the public service's paths. */
export const ROUTES: readonly Route[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/search\/assets$/,
    handle: async (ctx) => {
      const q = new QueryParams(ctx.url.searchParams, ['query', 'networks', 'limit']);
      const query = q.requiredString('query', 200);
      await testDelay(ctx, query);
      if (query.trim() === '') throw invalid('invalid_parameter', 'query is blank; give a name, symbol or contract address.');
      return searchAssets(ctx.ds, { query, networks: q.coins('networks'), limit: q.int('limit', 1, 100) ?? 20 });
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/assets$/,
    handle: (ctx) => {
      const q = new QueryParams(ctx.url.searchParams, ['assetId', 'coin', 'limit', 'cursor']);
      const assetId = q.string('assetId');
      const coinParam = q.coins('coin');
      if (coinParam && coinParam.length !== 1) throw invalid('invalid_parameter', 'coin takes one coin id.');
      const coin = coinParam?.[0];
      if (assetId !== undefined) {
        const asset = ctx.ds.require(assetId);
        if (coin !== undefined && coin !== asset.coin)
          throw invalid('asset_coin_mismatch', `assetId ${asset.assetId} is on coin ${asset.coin}, not ${coin}.`);
        return assetDetails(ctx.ds, asset);
      }
      if (coin === undefined) throw invalid('missing_parameter', 'Give assetId (e.g. c60_t0x…) or coin (a SLIP-44 number, e.g. 60).');
      return assetsOfCoin(ctx.ds, coin, q.int('limit', 1, 100) ?? 20, q.string('cursor'));
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/coinstatus\/([^/]+)$/,
    handle: (ctx) => {
      const q = new QueryParams(ctx.url.searchParams, ['include_security_info']);
      return coinStatus(ctx.ds, ctx.params[0] as string, q.bool('include_security_info') ?? false);
    },
  },
  {
    method: 'GET',
    pattern: /^\/amber-api\/v1\/domains$/,
    handle: (ctx) => domainsList(new QueryParams(ctx.url.searchParams, ['ton']).bool('ton') ?? false),
  },
  {
    method: 'GET',
    pattern: /^\/amber-api\/v1\/providers$/,
    handle: (ctx) => (new QueryParams(ctx.url.searchParams, []), providersList()),
  },
  {
    method: 'GET',
    pattern: /^\/amber-api\/v1\/providers\/([^/]+)\/([^/]+)$/,
    handle: (ctx) => {
      new QueryParams(ctx.url.searchParams, []);
      const [kind, id] = ctx.params as [string, string];
      if (kind !== 'dex' && kind !== 'bridge')
        throw invalid('invalid_parameter', `Provider kind must be dex or bridge, not "${kind.slice(0, 20)}".`);
      const provider = PROVIDERS.find((p) => p.type === kind && p.id === id.toLowerCase());
      if (!provider) {
        const ids = PROVIDERS.filter((p) => p.type === kind).map((p) => p.id);
        throw notFound('unknown_provider', `No ${kind} provider "${id.slice(0, 40)}"; ${kind} providers: ${ids.join(', ')}.`);
      }
      return providerDetails(provider);
    },
  },
  {
    method: 'POST',
    pattern: /^\/amber-api\/v1\/route$/,
    scope: 'swap',
    handle: (ctx) => (new QueryParams(ctx.url.searchParams, []), route(ctx)),
  },
  {
    method: 'POST',
    pattern: /^\/amber-api\/v1\/route\/step$/,
    scope: 'swap',
    handle: (ctx) =>
      routeStep(ctx.steps, new BodyFields(ctx.body, ['stepId']).requiredString('stepId', 128), ctx.account.accessId, ctx.ds.now()),
  },
  {
    method: 'POST',
    pattern: /^\/v2\/market\/tickers$/,
    handle: (ctx) => {
      const f = new BodyFields(ctx.body, ['assets', 'currency']);
      const assets = f.stringArray('assets', 1, 50);
      assets.forEach((id, i) => {
        const parsed = parseAssetId(id);
        if (!parsed.ok) throw invalid('invalid_asset_id', `assets[${i}] "${id.slice(0, 80)}": ${parsed.message}`);
      });
      return tickers(ctx.ds, assets, (f.string('currency', 3) ?? 'USD').toUpperCase());
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/assets\/listings$/,
    handle: (ctx) => {
      const q = new QueryParams(ctx.url.searchParams, ['category', 'sort', 'limit', 'networks', 'cursor']);
      const sort = q.string('sort', 20);
      if (sort !== undefined && !(LISTING_SORTS as readonly string[]).includes(sort))
        throw invalid('invalid_parameter', `sort must be one of ${LISTING_SORTS.join(', ')}.`);
      return listings(ctx.ds, {
        category: q.string('category', 60),
        sort: sort as ListingSort | undefined,
        limit: q.int('limit', 1, 100) ?? 20,
        networks: q.coins('networks'),
        cursor: q.string('cursor', 400),
      });
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/assets\/listing-categories$/,
    handle: (ctx) => listingCategories(ctx.ds, new QueryParams(ctx.url.searchParams, ['networks']).coins('networks')),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/validate$/,
    handle: (ctx) => {
      const q = new QueryParams(ctx.url.searchParams, ['address', 'asset_id']);
      const address = q.requiredString('address', 400);
      const coin = coinOf(q.requiredString('asset_id', 200), 'asset_id');
      const checked = checkAddress(coin, address);
      if (!checked.ok) throw invalid('invalid_address', `Not a valid ${getCoin(coin)?.name ?? `coin ${coin}`} address: ${checked.message}`);
      return { status: 'ok' };
    },
  },
  {
    method: 'GET',
    pattern: /^\/v2\/coinstatus\/([^/]+)$/,
    handle: (ctx) => (new QueryParams(ctx.url.searchParams, []), tokenSecurity(ctx.ds, ctx.params[0] as string)),
  },
];
