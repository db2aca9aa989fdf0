import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { RateWaitReason } from '../../bridge/profile-target';
import { startInProcessBridge } from '../bridge-host/in-process-bridge';
import { PlaygroundAuditLog } from './playground-audit';
import { profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import type { Keychain } from '../../platform/credentials/keychain';
import { ProfileStore } from '../../platform/credentials/profiles';
import type {
  CallOutcome,
  CallRequest,
  ConnectionInfo,
  RateWaitEvent,
  ToolInfo,
  TrafficEntry,
  ValidationResult,
} from '../../domain/ipc/playground-channels';
import { APP_VERSION } from '../../platform/app-version';
import { ServiceError } from '../services/service-error';
import { describeMcpError, toolErrorOf } from './errors';
import { shapeResult } from './result-shape';
import { SchemaValidator } from './schema-validator';
import { StreamTransport } from './stream-transport';
import { toolGroup } from '../../domain/tool-groups';
import { TrafficLog } from './traffic-log';
import { PLAYGROUND_MAX_MESSAGE_BYTES } from './message-limit';

/** The bridge gives up on a request after the profile's timeout (60 s by default) with a clear error; this only backs it up. */
const SDK_TIMEOUT_MS = 60 * 60 * 1000;
const CONNECT_TIMEOUT_MS = 120_000;

export interface SessionOptions {
  readonly profile: string;
  readonly env: NodeJS.ProcessEnv;
  readonly paths: PathContext;
  readonly keychain?: Keychain;
  readonly onTraffic?: (entry: TrafficEntry) => void;
  /** The bridge stopped on its own (not through close()). */
  readonly onClosed?: (reason: string) => void;
  /** A request waits for the profile's rate limit (the bridge's pacer) or out a 429, with the tool calls running then. */
  readonly onRateWait?: (wait: RateWaitEvent) => void;
  readonly maxMessageBytes?: number;
}

export interface ProgressUpdate {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

function toolInfo(tool: Tool): ToolInfo {
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : tool.annotations?.title ? { title: tool.annotations.title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    group: toolGroup(tool.name, tool._meta),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  };
}

async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await client.listTools(cursor ? { cursor } : undefined, { timeout: CONNECT_TIMEOUT_MS });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

async function timePing(client: Client): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await client.ping({ timeout: 10_000 });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[1] as number) * 10) / 10;
}

/**
 * One playground connection: the same bridge assistants run (`runBridge`), in-process over a stream pair,
 * with the official SDK client speaking MCP to it. What the playground sees is what an assistant gets.
 */
export class PlaygroundSession {
  private closing: Promise<void> | undefined;

  private constructor(
    /** The tool calls running, by call id; shared with the bridge's rate-wait callback, which names them. */
    private readonly running: Map<string, AbortController>,
    readonly info: ConnectionInfo,
    private readonly client: Client,
    private readonly validator: SchemaValidator,
    private readonly traffic: TrafficLog,
    private readonly bridge: Promise<void>,
    /** Shared with the bridge's shutdown callback: a close we asked for is not reported as a drop. */
    private readonly lifecycle: { closedByUs: boolean },
  ) {}

  static async open(options: SessionOptions): Promise<PlaygroundSession> {
    const maxMessageBytes = options.maxMessageBytes ?? PLAYGROUND_MAX_MESSAGE_BYTES;
    const lifecycle = { closedByUs: false };
    const running = new Map<string, AbortController>();
    const onRateWait = options.onRateWait;
    const inProcess = startInProcessBridge({
      profile: options.profile,
      env: options.env,
      paths: options.paths,
      tag: `playground[${options.profile}]`,
      maxMessageBytes,
      audit: new PlaygroundAuditLog(options.paths),
      ...(options.keychain ? { keychain: options.keychain } : {}),
      ...(onRateWait
        ? {
            onRateWait: (waitMs: number, queued: number, reason: RateWaitReason) =>
              onRateWait({ waitMs, queued, callIds: [...running.keys()], reason }),
          }
        : {}),
      onShutdown: (reason) => {
        if (!lifecycle.closedByUs) options.onClosed?.(reason);
      },
    });
    const { fromBridge, toBridge, log, done: bridge } = inProcess;
    const traffic = new TrafficLog((text) => log.redact(text), options.onTraffic);
    const transport = new StreamTransport(fromBridge, toBridge, {
      maxMessageBytes,
      observe: (dir, line, message) => traffic.record(dir, line, message),
    });
    const client = new Client({ name: 'gateway-companion-playground', version: APP_VERSION }, { capabilities: {} });
    const startedAt = Date.now();
    const started = performance.now();
    try {
      await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
      const tools = (await listAllTools(client)).map(toolInfo);
      const connectMs = Math.round(performance.now() - started);
      const latencyMs = await timePing(client);
      const server = client.getServerVersion();
      const instructions = client.getInstructions();
      // Read after initialize: the bridge creates the built-in profile on first use.
      const profile = await new ProfileStore(profilesFile(options.paths)).get(options.profile).catch(() => undefined);
      const info: ConnectionInfo = {
        profile: options.profile,
        url: profile?.url ?? '',
        ...(profile?.caFile ? { caFile: profile.caFile } : {}),
        serverName: server?.name ?? 'unknown server',
        ...(server?.title ? { serverTitle: server.title } : {}),
        serverVersion: server?.version ?? '?',
        protocolVersion: transport.protocolVersion ?? '?',
        ...(instructions ? { instructions } : {}),
        connectMs,
        latencyMs,
        connectedAt: startedAt,
        tools,
      };
      const validator = new SchemaValidator(new Map(tools.map((t) => [t.name, t.inputSchema])));
      return new PlaygroundSession(running, info, client, validator, traffic, bridge, lifecycle);
    } catch (error) {
      lifecycle.closedByUs = true;
      await client.close().catch(() => undefined);
      await bridge.catch(() => undefined);
      const { code, message } = describeMcpError(error);
      throw new ServiceError(
        code === 'failed' ? 'connect_failed' : code,
        `Could not connect with profile "${options.profile}": ${message}`,
      );
    }
  }

  trafficEntries(): TrafficEntry[] {
    return this.traffic.list();
  }

  async ping(): Promise<number> {
    const started = performance.now();
    try {
      await this.client.ping({ timeout: 10_000 });
    } catch (error) {
      throw new ServiceError('ping_failed', `The gateway did not answer a ping: ${describeMcpError(error).message}`);
    }
    return Math.round((performance.now() - started) * 10) / 10;
  }

  validate(tool: string, args: Record<string, unknown>): ValidationResult {
    return this.validator.validate(tool, args);
  }

  /** Calls a tool; never throws for the call's own failure, which the outcome describes. */
  async call(request: CallRequest, onProgress?: (update: ProgressUpdate) => void): Promise<CallOutcome> {
    const check = this.validate(request.tool, request.arguments);
    if (!check.valid) {
      throw new ServiceError('invalid_arguments', `Not sent: ${check.issues.map((i) => i.message).join('; ')}`);
    }
    if (this.running.has(request.callId)) throw new ServiceError('duplicate_call', `A call with id ${request.callId} is already running.`);
    const controller = new AbortController();
    this.running.set(request.callId, controller);
    const startedAt = Date.now();
    const started = performance.now();
    const base = { callId: request.callId, tool: request.tool, startedAt };
    const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      const raw = await this.client.callTool({ name: request.tool, arguments: request.arguments }, undefined, {
        signal: controller.signal,
        timeout: SDK_TIMEOUT_MS,
        resetTimeoutOnProgress: true,
        ...(onProgress
          ? {
              onprogress: (p) =>
                onProgress({
                  progress: p.progress,
                  ...(p.total !== undefined ? { total: p.total } : {}),
                  ...(p.message ? { message: p.message } : {}),
                }),
            }
          : {}),
      });
      const durationMs = elapsed();
      const { result, bytes } = shapeResult(raw);
      if (result.isError) return { ...base, status: 'tool-error', durationMs, bytes, result, error: toolErrorOf(result.content) };
      return { ...base, status: 'ok', durationMs, bytes, result };
    } catch (error) {
      const durationMs = elapsed();
      if (controller.signal.aborted) {
        return {
          ...base,
          status: 'cancelled',
          durationMs,
          bytes: 0,
          error: {
            code: 'cancelled',
            message: `Cancelled after ${(durationMs / 1000).toFixed(1)} s; the gateway was sent notifications/cancelled.`,
          },
        };
      }
      return { ...base, status: 'error', durationMs, bytes: 0, error: describeMcpError(error) };
    } finally {
      this.running.delete(request.callId);
    }
  }

  cancel(callId: string): boolean {
    const controller = this.running.get(callId);
    if (!controller) return false;
    controller.abort('Cancelled in the Gateway Companion playground');
    return true;
  }

  /** Ends the MCP connection; the bridge then deletes its gateway session and stops an embedded gateway it started. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.lifecycle.closedByUs = true;
      for (const controller of this.running.values()) controller.abort('The playground disconnected');
      await this.client.close().catch(() => undefined);
      await this.bridge.catch(() => undefined);
    })();
    return this.closing;
  }
}
