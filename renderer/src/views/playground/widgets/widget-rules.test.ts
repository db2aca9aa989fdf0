import { describe, expect, it } from 'vitest';
import { addAssetIds, assetIdParts, chainFrom, composeAssetId, widgetFor } from './widget-rules';

const str = { type: 'string' };
const ints = { type: 'array', items: { type: 'integer' }, maxItems: 50 };

describe('domain widgets', () => {
  it('picks a widget by tool and argument, only for the expected shapes', () => {
    expect(widgetFor('get_coin_status', ['assetId'], str)).toEqual({ kind: 'asset-id' });
    expect(widgetFor('check_token_security', ['assetId'], str)).toEqual({ kind: 'asset-id', tokenOnly: true });
    expect(widgetFor('get_swap_quote', ['fromAsset'], str)).toEqual({ kind: 'asset-id', chain: { sibling: 'fromDomain', as: 'domain' } });
    expect(widgetFor('validate_address', ['address'], str)).toEqual({
      kind: 'address',
      chain: { sibling: 'asset_id', as: 'asset-id' },
      advisory: true,
    });
    expect(widgetFor('get_swap_quote', ['toAddress'], str)).toEqual({
      kind: 'address',
      chain: { sibling: 'toDomain', as: 'domain' },
      advisory: false,
    });
    expect(widgetFor('get_trending_tokens', ['category'], str)).toEqual({ kind: 'category' });
    expect(widgetFor('get_token_prices', ['assets'], { type: 'array', items: str, maxItems: 50 })).toEqual({ kind: 'asset-list', max: 50 });
    expect(widgetFor('search_assets', ['networks'], ints)).toEqual({ kind: 'networks', max: 50 });
    // Same names with other shapes, or nested, stay generic.
    expect(widgetFor('get_coin_status', ['assetId'], { type: 'integer' })).toBeUndefined();
    expect(widgetFor('x', ['outer', 'assetId'], str)).toBeUndefined();
    expect(widgetFor('other_tool', ['category'], str)).toBeUndefined();
  });

  it('reads the chain from a sibling asset id or swap domain', () => {
    expect(chainFrom({ sibling: 'asset_id', as: 'asset-id' }, { asset_id: 'c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7' })).toBe(60);
    expect(chainFrom({ sibling: 'asset_id', as: 'asset-id' }, { asset_id: 'c20000714' })).toBe(714);
    expect(chainFrom({ sibling: 'asset_id', as: 'asset-id' }, { asset_id: 'nope' })).toBeUndefined();
    expect(chainFrom({ sibling: 'fromDomain', as: 'domain' }, { fromDomain: 'bsc' })).toBe(714);
    expect(chainFrom({ sibling: 'fromDomain', as: 'domain' }, {})).toBeUndefined();
  });

  it('adds pasted asset ids up to the limit, skipping repeats', () => {
    expect(addAssetIds(['c0'], 'c60, c501\nc0 c714', 3)).toEqual({ next: ['c0', 'c60', 'c501'], skipped: 1, repeated: 1 });
    expect(addAssetIds([], '  ', 50)).toEqual({ next: [], skipped: 0, repeated: 0 });
  });

  it('reads the asset builder’s chain and contract from the id alone: no id, no chain', () => {
    expect(assetIdParts('')).toEqual({ coin: undefined, contract: '' });
    expect(assetIdParts('c60')).toEqual({ coin: 60, contract: '' });
    expect(assetIdParts('c60_t0xdAC1')).toEqual({ coin: 60, contract: '0xdAC1' });
    expect(assetIdParts('c20000714')).toEqual({ coin: 20000714, contract: '' });
    expect(assetIdParts('60')).toEqual({ coin: undefined, contract: '' });
    expect(assetIdParts('c60x')).toEqual({ coin: undefined, contract: '' });
    expect(composeAssetId(714, '')).toBe('c714');
    expect(composeAssetId(60, ' 0xabc ')).toBe('c60_t0xabc');
    // Composed ids read back as the same parts.
    expect(assetIdParts(composeAssetId(501, 'EPjF'))).toEqual({ coin: 501, contract: 'EPjF' });
  });
});
