import { describe, expect, it } from 'vitest';
import { curlSnippet, EXPORT_FORMATS, jsonRpcRequest, shellQuote, typescriptSnippet } from './snippets';

const input = {
  url: 'https://127.0.0.1:47311/mcp',
  caFile: '/home/u/.config/gateway-companion/reference-gateway/tls/ca-cert.pem',
  protocolVersion: '2025-11-25',
  tool: 'search_assets',
  args: { query: "it's USDC" },
};

describe('exports', () => {
  it('puts placeholders where the headers go, in every format', () => {
    for (const format of EXPORT_FORMATS) {
      const text = format.build(input);
      expect(text, format.id).toMatch(/X-SVC-CREDENTIAL/);
      expect(text, format.id).toMatch(/X-SVC-SECRET-KEY/);
      expect(text, format.id).toMatch(/GATEWAY_SECRET_KEY/);
    }
    expect(jsonRpcRequest(input)).toContain('X-SVC-SECRET-KEY: <GATEWAY_SECRET_KEY>');
    expect(curlSnippet(input)).toContain('-H "X-SVC-SECRET-KEY: $GATEWAY_SECRET_KEY"');
    expect(typescriptSnippet(input)).toContain("'X-SVC-SECRET-KEY': secretKey");
  });

  it("uses the profile's header names (the public gateway's X-TW-*), in every format", () => {
    const tw = { ...input, headerNames: { credential: 'X-TW-CREDENTIAL', secret: 'X-TW-SECRET-KEY' } };
    for (const format of EXPORT_FORMATS) {
      const text = format.build(tw);
      expect(text, format.id).toMatch(/X-TW-CREDENTIAL/);
      expect(text, format.id).toMatch(/X-TW-SECRET-KEY/);
      expect(text, format.id).not.toMatch(/X-SVC/);
    }
    expect(curlSnippet(tw)).toContain('-H "X-TW-SECRET-KEY: $GATEWAY_SECRET_KEY"');
    expect(typescriptSnippet(tw)).toContain("'X-TW-SECRET-KEY': secretKey");
    // A name with characters the shell reads inside double quotes is quoted apart from the variable.
    expect(curlSnippet({ ...input, headerNames: { credential: 'X-Id', secret: 'X-$ecret' } })).toContain(
      `-H 'X-$ecret: '"$GATEWAY_SECRET_KEY"`,
    );
  });

  it('writes the call as the MCP tools/call message', () => {
    const body = jsonRpcRequest(input).split('\n\n')[1]!;
    expect(JSON.parse(body)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'search_assets', arguments: { query: "it's USDC" } },
    });
    expect(jsonRpcRequest({ ...input, protocolVersion: '?' })).toContain('MCP-Protocol-Version: 2025-11-25');
  });

  it('quotes for the shell and trusts the profile CA', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(curlSnippet(input)).toContain(`--cacert '${input.caFile}'`);
    const { caFile: _, ...publiclyTrusted } = input;
    expect(curlSnippet(publiclyTrusted)).not.toContain('--cacert');
    expect(typescriptSnippet(input)).toContain(`NODE_EXTRA_CA_CERTS=${input.caFile}`);
  });

  it('exports secret-looking arguments as [redacted], in every format', () => {
    const key = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
    const secretInput = { ...input, tool: 'validate_address', args: { address: `0x${key}`, asset_id: 'c60', password: 'hunter2' } };
    for (const format of EXPORT_FORMATS) {
      const text = format.build(secretInput);
      expect(text, format.id).not.toContain(key);
      expect(text, format.id).not.toContain('hunter2');
      expect(text, format.id).toContain('[redacted]');
      expect(text, format.id).toContain('c60');
    }
  });
});
