/**
 * One gateway connection for running collections: the bridge assistants run (`runBridge`, with the app's
 * embedded-gateway starter) in-process over a stream pair, as the playground connects, and the official
 * v2 SDK client pinned to one protocol era, so `--era` runs the same items in either.
 */
import { PassThrough } from 'node:stream';
import { Client, ProtocolError, type JsonSchemaValidatorResult, type jsonSchemaValidator } from '@modelcontextprotocol/client';
import { runBridge } from '../../bridge/run-bridge';
import { createLogger } from '../../bridge/logger';
import type { CallResponse } from '../../domain/collections/assertions';
import type { Era } from '../../domain/collections/eras';
import type { ToolGateway } from '../../domain/collections/run';
import { APP_VERSION } from '../../platform/app-version';
import { bridgeLogFile, type PathContext } from '../../platform/credentials/config-paths';
import type { Keychain } from '../../platform/credentials/keychain';
import { startEmbeddedGateway } from '../bridge-host/index';
import { PLAYGROUND_MAX_MESSAGE_BYTES } from '../playground/message-limit';
import { SchemaValidator } from '../playground/schema-validator';
import { StreamTransport } from '../playground/stream-transport';

// The protocol eras live in domain/, which the CLI's --era and the app's Collections view share.
export type { Era } from '../../domain/collections/eras';

export interface ConnectionOptions {
  readonly profile: string;
  readonly era: Era;
  readonly env: NodeJS.ProcessEnv;
  readonly paths: PathContext;
  readonly keychain?: Keychain;
}

const CONNECT_TIMEOUT_MS = 120_000;
/** The bridge gives up on a request after the profile's timeout with a clear error; this only backs it up. */
const CALL_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * The client passes every result through unchecked: the `schema` assertion checks output schemas, and a
 * result that breaks one must reach it rather than become the client's own error.
 */
const passThroughValidator: jsonSchemaValidator = {
  getValidator:
    <T>() =>
    (input: unknown): JsonSchemaValidatorResult<T> => ({ valid: true, data: input as T, errorMessage: undefined }),
};

function rpcErrorOf(error: unknown): NonNullable<CallResponse['error']> {
  if (error instanceof ProtocolError)
    return { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) };
  const code = (error as { code?: unknown }).code;
  return { code: typeof code === 'number' ? code : -32603, message: error instanceof Error ? error.message : String(error) };
}

export class CollectionConnection implements ToolGateway {
  private constructor(
    readonly tools: readonly string[],
    private readonly client: Client,
    private readonly inputs: SchemaValidator,
    private readonly outputs: SchemaValidator,
    private readonly outputTools: ReadonlySet<string>,
    private readonly bridge: Promise<void>,
  ) {}

  /** Connects through the bridge; rejects with one plain sentence naming the profile. */
  static async open(options: ConnectionOptions): Promise<CollectionConnection> {
    const toBridge = new PassThrough();
    const fromBridge = new PassThrough();
    const log = createLogger({ file: bridgeLogFile(options.paths), debug: false, tag: `test[${options.profile}]` });
    const bridge = runBridge({
      input: toBridge,
      output: fromBridge,
      profile: options.profile,
      env: options.env,
      paths: options.paths,
      log,
      maxMessageBytes: PLAYGROUND_MAX_MESSAGE_BYTES,
      embedded: startEmbeddedGateway,
      audit: false,
      ...(options.keychain ? { keychain: options.keychain } : {}),
    }).finally(() => {
      fromBridge.end();
      log.close();
    });
    const transport = new StreamTransport(fromBridge, toBridge, { maxMessageBytes: PLAYGROUND_MAX_MESSAGE_BYTES });
    const client = new Client(
      { name: 'gateway-companion-test', version: APP_VERSION },
      {
        jsonSchemaValidator: passThroughValidator,
        versionNegotiation: { mode: options.era === '2026-07-28' ? { pin: options.era } : 'legacy' },
      },
    );
    try {
      // The stream transport has the shape both SDK generations use.
      await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
      const listed = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page++) {
        const result = await client.listTools(cursor ? { cursor } : undefined, { timeout: CONNECT_TIMEOUT_MS });
        listed.push(...result.tools);
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      const outputs = listed.filter((t) => t.outputSchema);
      return new CollectionConnection(
        listed.map((t) => t.name),
        client,
        new SchemaValidator(new Map(listed.map((t) => [t.name, t.inputSchema as Record<string, unknown>]))),
        new SchemaValidator(new Map(outputs.map((t) => [t.name, t.outputSchema as Record<string, unknown>]))),
        new Set(outputs.map((t) => t.name)),
        bridge,
      );
    } catch (error) {
      await client.close().catch(() => undefined);
      toBridge.end();
      await bridge.catch(() => undefined);
      throw new Error(`Could not connect with profile "${options.profile}" (era ${options.era}): ${rpcErrorOf(error).message}`, {
        cause: error,
      });
    }
  }

  checkArguments(tool: string, args: Record<string, unknown>): string[] {
    const check = this.inputs.validate(tool, args);
    return check.valid ? [] : check.issues.map((i) => i.message);
  }

  outputProblems(tool: string, structured: unknown): string[] | undefined {
    if (!this.outputTools.has(tool)) return undefined;
    if (structured === undefined) return ['the result has no structuredContent'];
    // The playground's wording speaks of arguments at the root; here the root is the structured result.
    return this.outputs.validate(tool, structured).issues.map((i) => i.message.replace(/^The arguments /, 'The result '));
  }

  async call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<{ response: CallResponse; durationMs: number }> {
    const started = performance.now();
    let response: CallResponse;
    try {
      const result = await this.client.callTool({ name: tool, arguments: args }, { signal, timeout: CALL_TIMEOUT_MS });
      response = { result };
    } catch (error) {
      response = { error: rpcErrorOf(error) };
    }
    return { response, durationMs: Math.round((performance.now() - started) * 10) / 10 };
  }

  /** Ends the MCP connection; the bridge then stops an embedded gateway it started. */
  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
    await this.bridge.catch(() => undefined);
  }
}
