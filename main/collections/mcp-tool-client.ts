/**
 * The MCP the collection runner needs, pinned to one protocol era, over JSON-RPC lines to the in-process
 * bridge: the handshake (`initialize` for 2025-11-25, `server/discover` for the stateless 2026-07-28),
 * `tools/list` and `tools/call`. Small on purpose: loading the official SDK client was the largest single
 * cost before `companion test`'s first call. It keeps the client's checks the runner relies on: answers
 * are checked for shape (the gateway is not trusted), a 2026 result's `resultType` is read and removed, and
 * a tool with an output schema must return structured content unless it reports an error.
 */
import { envelope, MODERN_VERSION } from '../../bridge/era-translation';
import type { Era } from '../../domain/collections/eras';
import { JsonRpcLines, RpcError } from './json-rpc-lines';

/** The 2025-era revisions a gateway may answer initialize with (as the SDK client accepts them). */
const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
const MAX_PAGES = 64;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;

type Json = Record<string, unknown>;

export interface ListedTool {
  readonly name: string;
  readonly inputSchema: Json;
  readonly outputSchema?: Json;
}

export interface McpToolClientOptions {
  readonly era: Era;
  readonly clientInfo: { readonly name: string; readonly version: string };
  readonly maxMessageBytes: number;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

function invalid(method: string, problem: string): RpcError {
  return new RpcError(INTERNAL_ERROR, `Invalid result for ${method}: ${problem}`);
}

/** Why a content block is not one of MCP's five kinds, if it is not. */
function contentProblem(block: unknown): string | undefined {
  if (!isObject(block)) return 'not an object';
  switch (block.type) {
    case 'text':
      return isString(block.text) ? undefined : 'a text block without text';
    case 'image':
    case 'audio':
      return isString(block.data) && isString(block.mimeType) ? undefined : `an ${block.type} block without data and mimeType`;
    case 'resource_link':
      return isString(block.uri) && isString(block.name) ? undefined : 'a resource link without uri and name';
    case 'resource': {
      const { resource } = block;
      return isObject(resource) && isString(resource.uri) && (isString(resource.text) || isString(resource.blob))
        ? undefined
        : 'a resource block without uri and text or blob';
    }
    default:
      return `an unknown type ${JSON.stringify(block.type)?.slice(0, 40)}`;
  }
}

/** Why a tools/call result is not a CallToolResult of the era, if it is not. */
function callResultProblem(result: Json, era: Era): string | undefined {
  if (!Array.isArray(result.content)) return 'content must be an array of content blocks';
  for (const [i, block] of result.content.entries()) {
    const problem = contentProblem(block);
    if (problem) return `content[${i}] is ${problem}`;
  }
  if (result.isError !== undefined && typeof result.isError !== 'boolean') return 'isError must be true or false';
  // The 2025 era's structured content is an object; 2026-07-28 allows any JSON value.
  if (era !== MODERN_VERSION && result.structuredContent !== undefined && !isObject(result.structuredContent))
    return 'structuredContent must be an object';
  if (result._meta !== undefined && !isObject(result._meta)) return '_meta must be an object';
  return undefined;
}

function toolOf(value: unknown, index: number): ListedTool {
  if (!isObject(value) || !isString(value.name) || value.name.length === 0) throw invalid('tools/list', `tool ${index + 1} has no name`);
  const { name, inputSchema, outputSchema } = value;
  if (!isObject(inputSchema)) throw invalid('tools/list', `tool "${name.slice(0, 80)}" has no inputSchema object`);
  if (outputSchema !== undefined && !isObject(outputSchema))
    throw invalid('tools/list', `tool "${name.slice(0, 80)}" has an outputSchema that is not an object`);
  return { name, inputSchema, ...(outputSchema ? { outputSchema } : {}) };
}

export class McpToolClient {
  private readonly outputTools = new Set<string>();

  private constructor(
    private readonly rpc: JsonRpcLines,
    private readonly era: Era,
    /** The gateway's capabilities from the handshake: without `tools` it lists none. */
    private readonly capabilities: Json,
  ) {}

  /** Runs the era's handshake over the stream pair; rejects with an RpcError (the channel is then closed). */
  static async connect(
    input: NodeJS.ReadableStream,
    output: NodeJS.WritableStream,
    options: McpToolClientOptions,
    timeoutMs: number,
  ): Promise<McpToolClient> {
    const modern = options.era === MODERN_VERSION;
    const rpc = new JsonRpcLines(input, output, {
      maxMessageBytes: options.maxMessageBytes,
      answerRequests: !modern,
      ...(modern ? { meta: envelope({ clientInfo: options.clientInfo, capabilities: {} }) } : {}),
    });
    try {
      if (modern) {
        const result = await rpc.request('server/discover', undefined, { timeoutMs });
        const versions = isObject(result) ? result.supportedVersions : undefined;
        if (!Array.isArray(versions) || !versions.includes(MODERN_VERSION))
          throw new RpcError(INTERNAL_ERROR, `the gateway did not offer protocol version ${MODERN_VERSION} in its server/discover answer`);
        return new McpToolClient(rpc, options.era, isObject(result) && isObject(result.capabilities) ? result.capabilities : {});
      }
      const result = await rpc.request(
        'initialize',
        { protocolVersion: options.era, capabilities: {}, clientInfo: options.clientInfo },
        { timeoutMs },
      );
      if (!isObject(result) || !isString(result.protocolVersion)) throw invalid('initialize', 'no protocolVersion');
      if (!LEGACY_VERSIONS.includes(result.protocolVersion))
        throw new RpcError(INTERNAL_ERROR, `Server's protocol version is not supported: ${result.protocolVersion.slice(0, 40)}`);
      rpc.notify('notifications/initialized');
      return new McpToolClient(rpc, options.era, isObject(result.capabilities) ? result.capabilities : {});
    } catch (error) {
      rpc.close();
      throw error;
    }
  }

  /** Every tool the gateway lists, all pages. */
  async listTools(timeoutMs: number): Promise<ListedTool[]> {
    if (!this.capabilities.tools) return [];
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.rpc.request('tools/list', cursor === undefined ? undefined : { cursor }, { timeoutMs });
      const listed = this.complete('tools/list', result);
      if (!Array.isArray(listed.tools)) throw invalid('tools/list', 'tools must be an array');
      for (const tool of listed.tools) tools.push(toolOf(tool, tools.length));
      const next = listed.nextCursor;
      if (next !== undefined && !isString(next)) throw invalid('tools/list', 'nextCursor must be a string');
      // A gateway that hands back the cursor it was given would page forever.
      if (next === undefined || next === cursor) {
        for (const tool of tools) if (tool.outputSchema) this.outputTools.add(tool.name);
        return tools;
      }
      cursor = next;
    }
    throw new RpcError(INTERNAL_ERROR, `tools/list: more than ${MAX_PAGES} pages; the gateway's pagination does not end`);
  }

  /** Calls a tool; rejects with an RpcError for a JSON-RPC error or an answer that is not a tool result. */
  async callTool(name: string, args: Record<string, unknown>, options: { timeoutMs: number; signal: AbortSignal }): Promise<Json> {
    const result = this.complete('tools/call', await this.rpc.request('tools/call', { name, arguments: args }, options));
    const problem = callResultProblem(result, this.era);
    if (problem) throw invalid('tools/call', problem);
    if (this.outputTools.has(name) && result.structuredContent === undefined && result.isError !== true)
      throw new RpcError(INVALID_REQUEST, `Tool ${name} has an output schema but did not return structured content`);
    return result;
  }

  close(): void {
    this.rpc.close();
  }

  /** A result as an object; in the 2026-07-28 era it must be `complete`, and loses that tag. */
  private complete(method: string, result: unknown): Json {
    if (!isObject(result)) throw invalid(method, 'not an object');
    if (this.era !== MODERN_VERSION) return result;
    const { resultType, ...rest } = result;
    if (resultType === 'complete') return rest;
    if (resultType === undefined) throw invalid(method, 'missing required resultType');
    throw new RpcError(INTERNAL_ERROR, `Unsupported result type ${JSON.stringify(resultType).slice(0, 40)} for ${method}`);
  }
}
