/**
 * One gateway connection for running collections: the bridge assistants run, in-process over a stream
 * pair (as the playground connects), and a small MCP client pinned to one protocol era
 * (`mcp-tool-client.ts`), so `--era` runs the same items in either.
 */
import type { CallResponse } from '../../domain/collections/assertions';
import type { Era } from '../../domain/collections/eras';
import type { ToolGateway } from '../../domain/collections/run';
import { APP_VERSION } from '../../platform/app-version';
import type { PathContext } from '../../platform/credentials/config-paths';
import type { Keychain } from '../../platform/credentials/keychain';
import { startInProcessBridge } from '../bridge-host/in-process-bridge';
import { PLAYGROUND_MAX_MESSAGE_BYTES } from '../playground/message-limit';
import type { SchemaValidator } from '../playground/schema-validator';
import { RpcError } from './json-rpc-lines';
import { McpToolClient } from './mcp-tool-client';

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

function rpcErrorOf(error: unknown): NonNullable<CallResponse['error']> {
  if (error instanceof RpcError)
    return { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) };
  return { code: -32603, message: error instanceof Error ? error.message : String(error) };
}

export class CollectionConnection implements ToolGateway {
  private constructor(
    readonly tools: readonly string[],
    private readonly client: McpToolClient,
    private readonly inputs: SchemaValidator,
    private readonly outputs: SchemaValidator,
    private readonly outputTools: ReadonlySet<string>,
    private readonly bridge: Promise<void>,
  ) {}

  /** Connects through the bridge; rejects with one plain sentence naming the profile. */
  static async open(options: ConnectionOptions): Promise<CollectionConnection> {
    // ajv is the largest module the runner needs before its first call: it loads while the bridge waits
    // for the keychain and the gateway, rather than before anything is sent.
    const validators = import('../playground/schema-validator');
    validators.catch(() => undefined);
    const bridge = startInProcessBridge({
      profile: options.profile,
      env: options.env,
      paths: options.paths,
      tag: `test[${options.profile}]`,
      maxMessageBytes: PLAYGROUND_MAX_MESSAGE_BYTES,
      audit: false,
      ...(options.keychain ? { keychain: options.keychain } : {}),
    });
    let client: McpToolClient | undefined;
    try {
      client = await McpToolClient.connect(
        bridge.fromBridge,
        bridge.toBridge,
        {
          era: options.era,
          clientInfo: { name: 'gateway-companion-test', version: APP_VERSION },
          maxMessageBytes: PLAYGROUND_MAX_MESSAGE_BYTES,
        },
        CONNECT_TIMEOUT_MS,
      );
      const listed = await client.listTools(CONNECT_TIMEOUT_MS);
      const outputs = listed.filter((t) => t.outputSchema);
      const { preloadMetaSchemas, SchemaValidator } = await validators;
      await preloadMetaSchemas(listed.flatMap((t) => [t.inputSchema, ...(t.outputSchema ? [t.outputSchema] : [])]));
      return new CollectionConnection(
        listed.map((t) => t.name),
        client,
        new SchemaValidator(new Map(listed.map((t) => [t.name, t.inputSchema]))),
        new SchemaValidator(new Map(outputs.map((t) => [t.name, t.outputSchema ?? {}]))),
        new Set(outputs.map((t) => t.name)),
        bridge.done,
      );
    } catch (error) {
      client?.close();
      // A failed handshake has closed its side already; ending the input again is harmless.
      bridge.toBridge.end();
      await bridge.done.catch(() => undefined);
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
      response = { result: await this.client.callTool(tool, args, { signal, timeoutMs: CALL_TIMEOUT_MS }) };
    } catch (error) {
      response = { error: rpcErrorOf(error) };
    }
    return { response, durationMs: Math.round((performance.now() - started) * 10) / 10 };
  }

  /** Ends the MCP connection; the bridge then stops an embedded gateway it started. */
  async close(): Promise<void> {
    this.client.close();
    await this.bridge.catch(() => undefined);
  }
}
