/**
 * Translation between MCP's two protocol eras, for a bridge whose host and upstream speak different ones.
 * The 2025 era (2025-11-25 and the revisions before it): initialize, a session, results as they were. The
 * 2026-07-28 era: stateless, no initialize, `server/discover`, the protocol version, client info and
 * capabilities in every request's `params._meta`, results tagged with `resultType` and list results with
 * cache fields. This module only rewrites messages; `core.ts` decides the upstream's era and calls it.
 * Shapes are the official SDK's (`@modelcontextprotocol/client`, the v2 packages that speak both eras);
 * its validators are loaded only when a translation actually starts, so the bridge's cold start does not
 * pay for them.
 *
 * Why it is a little over 500 lines: it is one translation table, each message kind's rewrite both ways
 * side by side; split across files, a change to one kind would have to be made, and checked, in two.
 */
import type {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  ClientCapabilities,
  DiscoverResult,
  Implementation,
  InitializeResult,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  ServerCapabilities,
  SUBSCRIPTION_ID_META_KEY,
} from '@modelcontextprotocol/client';
import { envelopeVersion } from './era-headers';

type Json = Record<string, unknown>;

// The SDK's reserved `_meta` keys, typed against its declarations so a rename there fails the build here.
const PROTOCOL_VERSION_KEY: typeof PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_INFO_KEY: typeof CLIENT_INFO_META_KEY = 'io.modelcontextprotocol/clientInfo';
const CLIENT_CAPABILITIES_KEY: typeof CLIENT_CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';
const SERVER_INFO_KEY: typeof SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';
const LOG_LEVEL_KEY: typeof LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';
const SUBSCRIPTION_ID_KEY: typeof SUBSCRIPTION_ID_META_KEY = 'io.modelcontextprotocol/subscriptionId';
/** The envelope keys a 2025-era server has never heard of. */
const ENVELOPE_KEYS = [PROTOCOL_VERSION_KEY, CLIENT_INFO_KEY, CLIENT_CAPABILITIES_KEY, LOG_LEVEL_KEY];

/** The one 2026-era revision the bridge translates to and from. */
export const MODERN_VERSION = '2026-07-28';
/** What the bridge offers a 2025-era upstream on a 2026 host's behalf: the newest revision of that era. */
const LEGACY_VERSION = '2025-11-25';

/** Codes only a 2026-era server sends: header mismatch, missing client capability, unsupported version. */
const HEADER_MISMATCH = -32020;
const MISSING_CLIENT_CAPABILITY = -32021;
const UNSUPPORTED_PROTOCOL_VERSION = -32022;
const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

/** Results of these carry `ttlMs` and `cacheScope` in the 2026 era (as the SDK's codec lists them). */
const CACHEABLE = new Set([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'server/discover',
]);

export type Era = 'legacy' | 'modern';

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** As the SDK's isModernProtocolVersion: revisions are dates, 2026-07-28 and later are the new era. */
function isModernVersion(version: string): boolean {
  return version >= MODERN_VERSION;
}

/** The era a host message speaks: modern when its `_meta` names a 2026-era revision, legacy for initialize. */
export function messageEra(message: Json): Era | undefined {
  const version = envelopeVersion(message);
  if (version !== undefined) return isModernVersion(version) ? 'modern' : 'legacy';
  return message.method === 'initialize' ? 'legacy' : undefined;
}

function metaOf(message: Json): Json {
  const params = message.params;
  return isObject(params) && isObject(params._meta) ? params._meta : {};
}

function withMeta(message: Json, meta: Json | undefined): Json {
  const params: Json = isObject(message.params) ? { ...message.params } : {};
  if (meta === undefined || Object.keys(meta).length === 0) delete params._meta;
  else params._meta = meta;
  const out: Json = { ...message };
  if (Object.keys(params).length > 0 || message.params !== undefined) out.params = params;
  return out;
}

function errorReply(id: unknown, code: number, message: string): Json {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// ---- deciding the upstream's era ----

/**
 * Whether an answer to `server/discover` (or to a request carrying a 2026 envelope) comes from a server of
 * the 2026 era. A result must name 2026-07-28 among its supported versions; an error counts only if it is
 * one no 2025-era server sends (an unsupported version answered with 2026-era versions on offer, a header
 * mismatch, a missing client capability). `undefined` (no JSON-RPC answer at all) is not modern.
 */
export function speaksModern(reply: Json | undefined): boolean {
  if (!reply) return false;
  const result = reply.result;
  if (isObject(result)) {
    const versions = result.supportedVersions;
    return result.resultType === 'complete' && Array.isArray(versions) && versions.includes(MODERN_VERSION);
  }
  const error = reply.error;
  if (!isObject(error)) return false;
  if (error.code === HEADER_MISMATCH || error.code === MISSING_CLIENT_CAPABILITY) return true;
  if (error.code !== UNSUPPORTED_PROTOCOL_VERSION || !isObject(error.data)) return false;
  const supported = error.data.supported;
  return Array.isArray(supported) && supported.some((v) => typeof v === 'string' && isModernVersion(v));
}

type Sdk = typeof import('@modelcontextprotocol/client');
let sdk: Promise<Sdk> | undefined;
/** The SDK's validators, loaded on the first translation only. */
function loadSdk(): Promise<Sdk> {
  sdk ??= import('@modelcontextprotocol/client');
  return sdk;
}

/** Starts loading the SDK's validators (a one-time cost of a few hundred ms) while a probe is on the wire. */
export function prepareTranslation(): void {
  loadSdk().catch(() => {
    sdk = undefined;
  });
}

/** The upstream's DiscoverResult, validated with the SDK's schema, if it speaks 2026-07-28. */
export async function readDiscoverResult(reply: Json | undefined): Promise<DiscoverResult | undefined> {
  if (!reply || !speaksModern(reply) || !isObject(reply.result)) return undefined;
  const { specTypeSchemas } = await loadSdk();
  const checked = specTypeSchemas.DiscoverResult['~standard'].validate(reply.result);
  return checked.issues === undefined ? checked.value : undefined;
}

/** The upstream's InitializeResult, validated with the SDK's schema, if it accepted a 2025-era handshake. */
export async function readInitializeResult(reply: Json | undefined): Promise<InitializeResult | undefined> {
  if (!reply || !isObject(reply.result)) return undefined;
  const { specTypeSchemas } = await loadSdk();
  const checked = specTypeSchemas.InitializeResult['~standard'].validate(reply.result);
  if (checked.issues !== undefined || isModernVersion(checked.value.protocolVersion)) return undefined;
  return checked.value;
}

/** Who the host is and what it can do, as a 2025 host said in initialize or a 2026 host says in `_meta`. */
export interface HostIdentity {
  readonly clientInfo?: Implementation | undefined;
  readonly capabilities: ClientCapabilities;
  /** The revision a 2025 host asked for in initialize. */
  readonly requestedVersion?: string | undefined;
}

export function identityFromInitialize(message: Json): HostIdentity {
  const params = isObject(message.params) ? message.params : {};
  return {
    clientInfo: isObject(params.clientInfo) ? (params.clientInfo as unknown as Implementation) : undefined,
    capabilities: isObject(params.capabilities) ? params.capabilities : {},
    requestedVersion: typeof params.protocolVersion === 'string' ? params.protocolVersion : undefined,
  };
}

export function identityFromEnvelope(message: Json): HostIdentity {
  const meta = metaOf(message);
  const info = meta[CLIENT_INFO_KEY];
  const capabilities = meta[CLIENT_CAPABILITIES_KEY];
  return {
    clientInfo: isObject(info) && typeof info.name === 'string' ? (info as unknown as Implementation) : undefined,
    capabilities: isObject(capabilities) ? capabilities : {},
  };
}

/** Where the bridge names itself when a 2026 host sent no client info. */
const BRIDGE_INFO: Implementation = { name: 'gateway-companion-bridge', version: '1' };

/** The `_meta` envelope a 2026-era request carries, for the host's identity. */
export function envelope(identity: HostIdentity, logLevel?: string): Json {
  return {
    [PROTOCOL_VERSION_KEY]: MODERN_VERSION,
    [CLIENT_CAPABILITIES_KEY]: identity.capabilities,
    ...(identity.clientInfo ? { [CLIENT_INFO_KEY]: identity.clientInfo } : {}),
    ...(logLevel !== undefined ? { [LOG_LEVEL_KEY]: logLevel } : {}),
  };
}

/** A `server/discover` the bridge sends itself, in the host's name, to learn whether the upstream speaks 2026-07-28. */
export function discoverRequest(id: string, identity: HostIdentity): Json {
  return { jsonrpc: '2.0', id, method: 'server/discover', params: { _meta: envelope(identity) } };
}

/** The initialize the bridge sends a 2025-era upstream on a 2026 host's behalf, with the host's info from its `_meta`. */
export function initializeRequest(id: string, identity: HostIdentity): Json {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: LEGACY_VERSION, capabilities: identity.capabilities, clientInfo: identity.clientInfo ?? BRIDGE_INFO },
  };
}

// ---- the two translators ----

/** What to do with a message from the host once the eras differ. */
export type Outbound =
  | { readonly kind: 'forward'; readonly message: Json }
  /** A request the bridge answers itself (`reply` is the whole JSON-RPC response). */
  | { readonly kind: 'answer'; readonly reply: Json }
  /** A notification the upstream's era has no place for. */
  | { readonly kind: 'drop' };

/** What to do with a message the upstream sent on its own (not a response to a host request). */
export type Inbound =
  | { readonly kind: 'forward'; readonly message: Json }
  /** A server request the host's era cannot receive: this answer goes back to the upstream. */
  | { readonly kind: 'reply'; readonly message: Json }
  | { readonly kind: 'drop' };

export interface EraTranslator {
  readonly hostEra: Era;
  readonly upstreamVersion: string;
  /** Whether the upstream session's GET event stream has anything the host can receive. */
  readonly holdsStream: boolean;
  /** A request or notification from the host, in the upstream's era. */
  outbound(message: Json): Outbound;
  /** The upstream's response to a host request of `method` (a tools/call names its `tool`), in the host's era; the same object when unchanged. */
  response(method: string, message: Json, tool?: string): Json;
  /** A notification or request the upstream sent of its own accord. */
  fromUpstream(message: Json): Inbound;
}

/** A 2026 result's `_meta` without the server identity the 2025 era does not carry there. */
function legacyResultMeta(result: Json): Json {
  if (!isObject(result._meta) || !(SERVER_INFO_KEY in result._meta)) return result;
  const { [SERVER_INFO_KEY]: _serverInfo, ...meta } = result._meta;
  const out = { ...result };
  if (Object.keys(meta).length > 0) out._meta = meta;
  else delete out._meta;
  return out;
}

/** Whether an output schema's root is not an object, which the 2025 era cannot express (SEP-2106). */
function isNonObjectSchema(schema: unknown): schema is Json {
  return isObject(schema) && schema.type !== 'object';
}

/** Local JSON pointers of a schema moved under `properties.result` point there too. */
function repoint(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(repoint);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === '$ref' || key === '$dynamicRef') && typeof value === 'string')
      out[key] = value === '#' ? '#/properties/result' : value.startsWith('#/') ? `#/properties/result${value.slice(1)}` : value;
    else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = value;
    else out[key] = repoint(value);
  }
  return out;
}

/** The 2025 era's wrapping of a non-object output schema: an object whose `result` holds the value. */
function wrapOutputSchema(schema: Json): Json {
  const { $schema, ...rest } = schema;
  return {
    ...(typeof $schema === 'string' ? { $schema } : {}),
    type: 'object',
    properties: { result: repoint(rest) },
    required: ['result'],
  };
}

/**
 * What the host is told the upstream can do, without what the bridge cannot deliver across eras: list-changed
 * notifications and resource subscriptions (2026 has them only through `subscriptions/listen`, 2025 only
 * through the session's GET stream and `resources/subscribe`, and the bridge translates neither).
 */
function deliverable(capabilities: ServerCapabilities): ServerCapabilities {
  const out: Json = { ...capabilities };
  for (const key of ['tools', 'prompts', 'resources'] as const) {
    const entry = capabilities[key];
    if (!isObject(entry)) continue;
    const { listChanged: _listChanged, subscribe: _subscribe, ...rest } = entry as Json;
    out[key] = rest;
  }
  return out;
}

/**
 * A 2025-era host in front of a 2026-07-28-only upstream. Its initialize is answered from the upstream's
 * discover result; every later request gets the 2026 envelope (the host's info and capabilities from its
 * initialize) and its result loses the fields the 2025 era does not have.
 */
export class LegacyHostTranslator implements EraTranslator {
  readonly hostEra = 'legacy';
  readonly upstreamVersion = MODERN_VERSION;
  readonly holdsStream = false;
  private identity: HostIdentity;
  private logLevel: string | undefined;
  /** Tools whose output schema was wrapped for the 2025 era: their structured results are wrapped alike. */
  private readonly wrapped = new Set<string>();
  private readonly serverInfo: Implementation;
  private readonly supportedVersions: readonly string[];
  private readonly latestVersion: string;

  constructor(
    initialize: Json,
    private readonly discover: DiscoverResult,
    sdk: Pick<Sdk, 'SUPPORTED_PROTOCOL_VERSIONS' | 'LATEST_PROTOCOL_VERSION'>,
  ) {
    this.identity = identityFromInitialize(initialize);
    const advertised = discover._meta?.[SERVER_INFO_KEY];
    this.serverInfo =
      isObject(advertised) && typeof advertised.name === 'string' && typeof advertised.version === 'string'
        ? advertised
        : { name: 'MCP server', version: MODERN_VERSION };
    this.supportedVersions = sdk.SUPPORTED_PROTOCOL_VERSIONS;
    this.latestVersion = sdk.LATEST_PROTOCOL_VERSION;
  }

  /** The initialize result the host expects, built from the upstream's discover result. */
  initializeResult(): InitializeResult {
    const requested = this.identity.requestedVersion;
    return {
      protocolVersion: requested !== undefined && this.supportedVersions.includes(requested) ? requested : this.latestVersion,
      capabilities: deliverable(this.discover.capabilities),
      serverInfo: this.serverInfo,
      ...(this.discover.instructions !== undefined ? { instructions: this.discover.instructions } : {}),
    };
  }

  outbound(message: Json): Outbound {
    const id = message.id;
    const isRequest = 'id' in message;
    switch (message.method) {
      case 'initialize':
        // The host starts over: answered from what the upstream already said about itself.
        this.identity = identityFromInitialize(message);
        return { kind: 'answer', reply: { jsonrpc: '2.0', id, result: this.initializeResult() } };
      case 'ping':
        // The 2026 era has no ping; the bridge itself is what the host reaches.
        return isRequest ? { kind: 'answer', reply: { jsonrpc: '2.0', id, result: {} } } : { kind: 'drop' };
      case 'logging/setLevel': {
        // The 2026 era carries the level on every request instead.
        const level = isObject(message.params) ? message.params.level : undefined;
        if (typeof level === 'string') this.logLevel = level;
        return isRequest ? { kind: 'answer', reply: { jsonrpc: '2.0', id, result: {} } } : { kind: 'drop' };
      }
      case 'resources/subscribe':
      case 'resources/unsubscribe':
        return isRequest
          ? {
              kind: 'answer',
              reply: errorReply(
                id,
                METHOD_NOT_FOUND,
                `${message.method} is not available: the upstream speaks MCP ${MODERN_VERSION}, where subscriptions go through subscriptions/listen, which the bridge does not translate.`,
              ),
            }
          : { kind: 'drop' };
      case 'notifications/initialized':
      case 'notifications/roots/list_changed':
        // No session to start, and 2026 requests carry the client's capabilities themselves.
        return { kind: 'drop' };
    }
    return { kind: 'forward', message: withMeta(message, { ...metaOf(message), ...envelope(this.identity, this.logLevel) }) };
  }

  response(method: string, message: Json, tool?: string): Json {
    const result = message.result;
    if (!isObject(result)) return message;
    if (result.resultType !== undefined && result.resultType !== 'complete') {
      return errorReply(
        message.id,
        INTERNAL_ERROR,
        result.resultType === 'input_required'
          ? `The upstream asked for more input in the middle of ${method} (a ${MODERN_VERSION} multi-round-trip request); the host speaks an earlier revision and the bridge does not translate that, so the request cannot complete.`
          : `The upstream answered ${method} with a result of type ${JSON.stringify(result.resultType)}, which the bridge cannot translate for the host.`,
      );
    }
    let out: Json = legacyResultMeta(result);
    if (out === result) out = { ...result };
    delete out.resultType;
    if (CACHEABLE.has(method)) {
      delete out.ttlMs;
      delete out.cacheScope;
    }
    if (method === 'tools/list' && Array.isArray(out.tools)) out.tools = out.tools.map((tool) => this.legacyTool(tool));
    if (method === 'tools/call') out = this.legacyCallResult(out, tool);
    return { ...message, result: out };
  }

  private legacyTool(tool: unknown): unknown {
    if (!isObject(tool) || !isNonObjectSchema(tool.outputSchema)) return tool;
    if (typeof tool.name === 'string') this.wrapped.add(tool.name);
    return { ...tool, outputSchema: wrapOutputSchema(tool.outputSchema) };
  }

  /** Tool results as the 2025 era has them: structured content is an object (SEP-2106), with a text copy. */
  private legacyCallResult(result: Json, tool: string | undefined): Json {
    if (!('structuredContent' in result)) return result;
    const structured = result.structuredContent;
    if (isObject(structured) && (tool === undefined || !this.wrapped.has(tool))) return result;
    const content: unknown[] = Array.isArray(result.content) ? (result.content as unknown[]) : [];
    const hasText = content.some((c) => isObject(c) && c.type === 'text');
    return {
      ...result,
      structuredContent: { result: structured },
      content: hasText ? content : [...content, { type: 'text', text: JSON.stringify(structured) }],
    };
  }

  fromUpstream(message: Json): Inbound {
    if (message.method === 'notifications/subscriptions/acknowledged') return { kind: 'drop' };
    const meta = metaOf(message);
    if (!(SUBSCRIPTION_ID_KEY in meta)) return { kind: 'forward', message };
    const { [SUBSCRIPTION_ID_KEY]: _id, ...rest } = meta;
    return { kind: 'forward', message: withMeta(message, rest) };
  }
}

/** The 2026 era's capabilities: task support is not part of it (the SDK's codec removes it too). */
function modernCapabilities(capabilities: ServerCapabilities): ServerCapabilities {
  const { tasks: _tasks, ...rest } = deliverable(capabilities) as Json;
  return rest;
}

/**
 * A 2026-07-28 host in front of a 2025-era-only upstream. The bridge holds the session it opened with the
 * host's info; `server/discover` is answered from the initialize result; the 2026 envelope is taken off
 * each request, and results get `resultType` (and the cache fields of list results) the 2026 era requires.
 */
export class ModernHostTranslator implements EraTranslator {
  readonly hostEra = 'modern';
  readonly holdsStream = false;
  readonly upstreamVersion: string;

  constructor(private readonly initialize: InitializeResult) {
    this.upstreamVersion = initialize.protocolVersion;
  }

  /** The discover result the host expects, in the 2026 wire shape, built from the upstream's initialize result. */
  discoverResult(): Json {
    return {
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
      supportedVersions: [MODERN_VERSION],
      capabilities: modernCapabilities(this.initialize.capabilities),
      ...(this.initialize.instructions !== undefined ? { instructions: this.initialize.instructions } : {}),
      _meta: { [SERVER_INFO_KEY]: this.initialize.serverInfo },
    };
  }

  outbound(message: Json): Outbound {
    const id = message.id;
    if (message.method === 'server/discover' && 'id' in message)
      return { kind: 'answer', reply: { jsonrpc: '2.0', id, result: this.discoverResult() } };
    if (message.method === 'subscriptions/listen' && 'id' in message)
      return {
        kind: 'answer',
        reply: errorReply(
          id,
          METHOD_NOT_FOUND,
          `subscriptions/listen is not available: the upstream speaks MCP ${this.upstreamVersion}, and the bridge does not translate its change notifications into a ${MODERN_VERSION} subscription.`,
        ),
      };
    const meta = metaOf(message);
    if (!ENVELOPE_KEYS.some((key) => key in meta)) return { kind: 'forward', message };
    const rest: Json = {};
    for (const [key, value] of Object.entries(meta)) if (!ENVELOPE_KEYS.includes(key as (typeof ENVELOPE_KEYS)[number])) rest[key] = value;
    return { kind: 'forward', message: withMeta(message, rest) };
  }

  response(method: string, message: Json): Json {
    const error = message.error;
    // The 2026 era folded "resource not found" (-32002) into invalid params, as the SDK's codec does.
    if (isObject(error)) return error.code === -32002 ? { ...message, error: { ...error, code: -32602 } } : message;
    const result = message.result;
    if (!isObject(result)) return message;
    const out: Json = { ...result, resultType: 'complete' };
    if (CACHEABLE.has(method)) {
      if (typeof out.ttlMs !== 'number') out.ttlMs = 0;
      if (out.cacheScope !== 'public' && out.cacheScope !== 'private') out.cacheScope = 'private';
    }
    // `execution` (task support) is not part of a 2026 tool.
    if (method === 'tools/list' && Array.isArray(out.tools))
      out.tools = (out.tools as unknown[]).map((tool) => {
        if (!isObject(tool) || !('execution' in tool)) return tool;
        const { execution: _execution, ...rest } = tool;
        return rest;
      });
    const meta = isObject(out._meta) ? out._meta : {};
    if (!(SERVER_INFO_KEY in meta)) out._meta = { ...meta, [SERVER_INFO_KEY]: this.initialize.serverInfo };
    return { ...message, result: out };
  }

  fromUpstream(message: Json): Inbound {
    if (!('id' in message)) return { kind: 'forward', message };
    // The 2026 era has no server-to-client requests; answered here so the upstream does not wait.
    if (message.method === 'ping') return { kind: 'reply', message: { jsonrpc: '2.0', id: message.id, result: {} } };
    return {
      kind: 'reply',
      message: errorReply(
        message.id,
        METHOD_NOT_FOUND,
        `The host speaks MCP ${MODERN_VERSION}, which has no server-to-client requests; the bridge does not translate ${String(message.method)}.`,
      ),
    };
  }
}

/** The SDK's version lists, for a LegacyHostTranslator. */
export async function legacyVersions(): Promise<Pick<Sdk, 'SUPPORTED_PROTOCOL_VERSIONS' | 'LATEST_PROTOCOL_VERSION'>> {
  const { SUPPORTED_PROTOCOL_VERSIONS, LATEST_PROTOCOL_VERSION } = await loadSdk();
  return { SUPPORTED_PROTOCOL_VERSIONS, LATEST_PROTOCOL_VERSION };
}
