import type { DiscoverResult, InitializeResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  identityFromEnvelope,
  initializeRequest,
  legacyVersions,
  LegacyHostTranslator,
  messageEra,
  ModernHostTranslator,
  readDiscoverResult,
  readInitializeResult,
  speaksModern,
} from './era-translation';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { roots: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'host', version: '1' },
};

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: { sampling: {} }, clientInfo: { name: 'old-host', version: '3' } },
};

const DISCOVER: DiscoverResult = {
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, logging: {} },
  instructions: 'be nice',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'new-server', version: '2' } },
};

async function legacyHost(): Promise<LegacyHostTranslator> {
  return new LegacyHostTranslator(INITIALIZE, DISCOVER, await legacyVersions());
}

describe('deciding eras', () => {
  it('reads a message’s era from its envelope, or from initialize', () => {
    expect(messageEra({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: ENVELOPE } })).toBe('modern');
    expect(messageEra(INITIALIZE)).toBe('legacy');
    expect(messageEra({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBeUndefined();
  });

  it('counts as 2026-era only answers no 2025 server gives', () => {
    expect(speaksModern({ result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {} } })).toBe(true);
    expect(speaksModern({ result: { supportedVersions: ['2026-07-28'], capabilities: {} } })).toBe(false);
    expect(speaksModern({ error: { code: -32022, message: 'x', data: { supported: ['2026-07-28'], requested: '2099-01-01' } } })).toBe(
      true,
    );
    expect(speaksModern({ error: { code: -32022, message: 'x', data: { supported: ['2025-11-25'] } } })).toBe(false);
    expect(speaksModern({ error: { code: -32601, message: 'Method not found' } })).toBe(false);
    expect(speaksModern({ error: { code: -32020, message: 'header mismatch' } })).toBe(true);
    expect(speaksModern(undefined)).toBe(false);
  });

  it('validates handshake results with the SDK’s schemas', async () => {
    const wire = { resultType: 'complete', ttlMs: 0, cacheScope: 'private', ...DISCOVER };
    expect(await readDiscoverResult({ result: wire })).toMatchObject({ supportedVersions: ['2026-07-28'], instructions: 'be nice' });
    expect(await readDiscoverResult({ result: { ...wire, capabilities: 'all' } })).toBeUndefined();
    const init = { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } };
    expect(await readInitializeResult({ result: init })).toMatchObject(init);
    expect(await readInitializeResult({ result: { ...init, serverInfo: 'nobody' } })).toBeUndefined();
    expect(await readInitializeResult({ error: { code: -32022, message: 'no' } })).toBeUndefined();
  });

  it('opens a 2025 session in a 2026 host’s name, with its client info and capabilities', () => {
    const identity = identityFromEnvelope({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: ENVELOPE } });
    expect(initializeRequest('p1', identity)).toEqual({
      jsonrpc: '2.0',
      id: 'p1',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'host', version: '1' } },
    });
  });
});

describe('a 2025 host in front of a 2026-07-28 upstream', () => {
  it('answers initialize from the discover result, without what the bridge cannot deliver', async () => {
    const t = await legacyHost();
    expect(t.outbound(INITIALIZE)).toEqual({
      kind: 'answer',
      reply: {
        jsonrpc: '2.0',
        id: 0,
        result: {
          protocolVersion: '2025-06-18',
          capabilities: { tools: {}, resources: {}, logging: {} },
          serverInfo: { name: 'new-server', version: '2' },
          instructions: 'be nice',
        },
      },
    });
  });

  it('puts the 2026 envelope on each request, keeping the host’s own _meta, and carries the log level', async () => {
    const t = await legacyHost();
    expect(t.outbound({ jsonrpc: '2.0', id: 5, method: 'logging/setLevel', params: { level: 'debug' } })).toEqual({
      kind: 'answer',
      reply: { jsonrpc: '2.0', id: 5, result: {} },
    });
    const out = t.outbound({
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: { name: 'x', arguments: {}, _meta: { progressToken: 7 } },
    });
    expect(out).toEqual({
      kind: 'forward',
      message: {
        jsonrpc: '2.0',
        id: 6,
        method: 'tools/call',
        params: {
          name: 'x',
          arguments: {},
          _meta: {
            progressToken: 7,
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': { sampling: {} },
            'io.modelcontextprotocol/clientInfo': { name: 'old-host', version: '3' },
            'io.modelcontextprotocol/logLevel': 'debug',
          },
        },
      },
    });
    expect(t.outbound({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({ kind: 'drop' });
    expect(t.outbound({ jsonrpc: '2.0', id: 8, method: 'ping' })).toEqual({ kind: 'answer', reply: { jsonrpc: '2.0', id: 8, result: {} } });
    expect(t.outbound({ jsonrpc: '2.0', id: 9, method: 'resources/subscribe', params: { uri: 'a:b' } })).toMatchObject({
      kind: 'answer',
      reply: { id: 9, error: { code: -32601 } },
    });
  });

  it('gives results the 2025 shape and leaves errors as the upstream sent them', async () => {
    const t = await legacyHost();
    const list = {
      jsonrpc: '2.0',
      id: 1,
      result: {
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
        tools: [
          { name: 'count', inputSchema: { type: 'object' }, outputSchema: { type: 'integer', $defs: { n: { type: 'integer' } } } },
          { name: 'obj', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { ref: { $ref: '#/$defs/n' } } } },
        ],
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'new-server', version: '2' } },
      },
    };
    expect(t.response('tools/list', list)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'count',
            inputSchema: { type: 'object' },
            outputSchema: {
              type: 'object',
              properties: { result: { type: 'integer', $defs: { n: { type: 'integer' } } } },
              required: ['result'],
            },
          },
          list.result.tools[1],
        ],
      },
    });
    const call = { jsonrpc: '2.0', id: 2, result: { resultType: 'complete', content: [], structuredContent: 3 } };
    expect(t.response('tools/call', call, 'count')).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: '3' }], structuredContent: { result: 3 } },
    });
    const error = { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Unknown tool', data: { x: 1 } } };
    expect(t.response('tools/call', error, 'nope')).toBe(error);
    expect(t.response('tools/call', { jsonrpc: '2.0', id: 4, result: { resultType: 'input_required', inputRequests: {} } })).toMatchObject({
      id: 4,
      error: { code: -32603, message: expect.stringMatching(/multi-round-trip/) as unknown },
    });
  });
});

describe('a 2026 host in front of a 2025 upstream', () => {
  const init: InitializeResult = {
    protocolVersion: '2025-11-25',
    capabilities: { tools: { listChanged: true }, tasks: { list: {} } },
    serverInfo: { name: 'old-server', version: '1' },
  };

  it('answers server/discover from the initialize result, in the 2026 wire shape', () => {
    const t = new ModernHostTranslator(init);
    expect(t.outbound({ jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: ENVELOPE } })).toEqual({
      kind: 'answer',
      reply: {
        jsonrpc: '2.0',
        id: 'd',
        result: {
          resultType: 'complete',
          ttlMs: 0,
          cacheScope: 'private',
          supportedVersions: ['2026-07-28'],
          capabilities: { tools: {} },
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'old-server', version: '1' } },
        },
      },
    });
  });

  it('takes the envelope off each message, keeping the rest of _meta', () => {
    const t = new ModernHostTranslator(init);
    expect(t.outbound({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: ENVELOPE } })).toEqual({
      kind: 'forward',
      message: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    });
    expect(
      t.outbound({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', _meta: { ...ENVELOPE, progressToken: 'p' } } }),
    ).toEqual({
      kind: 'forward',
      message: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 'p' } } },
    });
  });

  it('gives results the 2026 shape, maps resource-not-found, and answers server requests itself', () => {
    const t = new ModernHostTranslator(init);
    expect(
      t.response('tools/list', {
        jsonrpc: '2.0',
        id: 1,
        result: { tools: [{ name: 'a', inputSchema: { type: 'object' }, execution: {} }] },
      }),
    ).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
        tools: [{ name: 'a', inputSchema: { type: 'object' } }],
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'old-server', version: '1' } },
      },
    });
    expect(t.response('tools/call', { jsonrpc: '2.0', id: 2, result: { content: [] } })).toMatchObject({
      result: { resultType: 'complete', content: [] },
    });
    expect(t.response('tools/call', { jsonrpc: '2.0', id: 2, result: { content: [] } })).not.toHaveProperty('result.ttlMs');
    expect(t.response('resources/read', { jsonrpc: '2.0', id: 3, error: { code: -32002, message: 'gone' } })).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32602, message: 'gone' },
    });
    expect(t.fromUpstream({ jsonrpc: '2.0', id: 9, method: 'roots/list' })).toMatchObject({
      kind: 'reply',
      message: { id: 9, error: { code: -32601 } },
    });
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } };
    expect(t.fromUpstream(progress)).toEqual({ kind: 'forward', message: progress });
  });
});
