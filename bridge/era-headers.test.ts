import { describe, expect, it } from 'vitest';
import { encodeHeaderValue, eraHeaders } from './era-headers';

const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };

describe('eraHeaders', () => {
  it('gives a 2026 request its version, method and name headers, as the SDK client sends them', () => {
    expect(eraHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_token_prices', _meta: meta } })).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'get_token_prices',
    });
    expect(eraHeaders({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'file:///a b', _meta: meta } })).toMatchObject({
      'mcp-name': 'file:///a b',
    });
    expect(eraHeaders({ jsonrpc: '2.0', id: 3, method: 'server/discover', params: { _meta: meta } })).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'server/discover',
    });
  });

  it('gives a 2026 notification only the version, and a 2025 message nothing', () => {
    expect(eraHeaders({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: meta } })).toEqual({
      'mcp-protocol-version': '2026-07-28',
    });
    expect(eraHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } })).toBeUndefined();
    expect(eraHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 1 } } })).toBeUndefined();
    // A version that could not be a header value is not one.
    const bad = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28\r\nx-evil: 1' };
    expect(eraHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: bad } })).toBeUndefined();
  });
});

describe('encodeHeaderValue', () => {
  it('keeps printable ASCII and base64-encodes the rest between the spec’s markers', () => {
    expect(encodeHeaderValue('get_token_prices')).toBe('get_token_prices');
    expect(encodeHeaderValue('prix €')).toBe(`=?base64?${Buffer.from('prix €').toString('base64')}?=`);
    expect(encodeHeaderValue('line\nbreak')).toBe(`=?base64?${Buffer.from('line\nbreak').toString('base64')}?=`);
    expect(encodeHeaderValue(' padded')).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue('')).toBe('=?base64??=');
    expect(encodeHeaderValue('=?base64?abc?=')).toBe(`=?base64?${Buffer.from('=?base64?abc?=').toString('base64')}?=`);
  });
});
