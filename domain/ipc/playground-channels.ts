import { z } from 'zod';
import { TOOL_GROUPS } from '../tool-groups';

const JsonObject = z.record(z.string(), z.unknown());

export const ToolAnnotations = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

export const ToolInfo = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  group: z.enum(TOOL_GROUPS),
  inputSchema: JsonObject,
  outputSchema: JsonObject.optional(),
  annotations: ToolAnnotations.optional(),
});
export type ToolInfo = z.infer<typeof ToolInfo>;

export const ConnectionInfo = z.object({
  profile: z.string(),
  url: z.string(),
  /** The profile's CA file, for exported snippets (a path, not a secret). */
  caFile: z.string().optional(),
  serverName: z.string(),
  serverTitle: z.string().optional(),
  serverVersion: z.string(),
  protocolVersion: z.string(),
  instructions: z.string().optional(),
  /** From the first byte sent to the tool list, bridge start-up (and the embedded gateway's) included. */
  connectMs: z.number(),
  /** One MCP ping round trip through the bridge. */
  latencyMs: z.number(),
  connectedAt: z.number(),
  tools: z.array(ToolInfo),
});
export type ConnectionInfo = z.infer<typeof ConnectionInfo>;

export const ValidationIssue = z.object({
  /** Where, as a readable path (`networks[0]`); empty for the arguments object itself. */
  path: z.string(),
  /** The same place as a JSON pointer, to attach the message to the form field. */
  pointer: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ValidationResult = z.object({ valid: z.boolean(), issues: z.array(ValidationIssue) });
export type ValidationResult = z.infer<typeof ValidationResult>;

export const CallStatus = z.enum(['ok', 'tool-error', 'error', 'cancelled']);
export type CallStatus = z.infer<typeof CallStatus>;

/** A tool result as the playground shows it: the MCP CallToolResult, with a text item that repeats structuredContent marked instead of sent twice. */
export const ToolResult = z.object({
  content: z.array(z.unknown()),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
  /** Indexes of text items that held exactly the JSON of structuredContent. */
  textSameAsStructured: z.array(z.number()).optional(),
});
export type ToolResult = z.infer<typeof ToolResult>;

export const CallRequest = z.object({
  callId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  tool: z.string().min(1).max(256),
  arguments: JsonObject,
  /** Helper calls (the category picker's) are not kept in history. */
  record: z.boolean().optional(),
});
export type CallRequest = z.infer<typeof CallRequest>;

export const CallOutcome = z.object({
  callId: z.string(),
  tool: z.string(),
  status: CallStatus,
  startedAt: z.number(),
  durationMs: z.number(),
  /** Size of the gateway's JSON-RPC response line. */
  bytes: z.number(),
  result: ToolResult.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  historyId: z.string().optional(),
});
export type CallOutcome = z.infer<typeof CallOutcome>;

export const HistorySummary = z.object({
  id: z.string(),
  tool: z.string(),
  arguments: JsonObject,
  profile: z.string(),
  startedAt: z.number(),
  durationMs: z.number(),
  status: CallStatus,
  bytes: z.number(),
  /** The tool's or the transport's error message, for the list. */
  message: z.string().optional(),
});
export type HistorySummary = z.infer<typeof HistorySummary>;

export const HistoryEntry = HistorySummary.extend({
  result: ToolResult.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** Set when the result was too large to keep across restarts (its size in bytes). */
  resultDropped: z.number().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const TrafficEntry = z.object({
  seq: z.number(),
  at: z.number(),
  /** `send`: playground → bridge → gateway; `receive`: back. */
  dir: z.enum(['send', 'receive']),
  kind: z.enum(['request', 'response', 'error', 'notification']),
  method: z.string().optional(),
  /** For tools/call requests: which tool. */
  tool: z.string().optional(),
  id: z.union([z.string(), z.number()]).optional(),
  /** For responses: time since the matching request was sent. */
  durationMs: z.number().optional(),
  bytes: z.number(),
  /** The message, credentials redacted, cut to a preview when large. */
  text: z.string(),
  truncated: z.boolean(),
});
export type TrafficEntry = z.infer<typeof TrafficEntry>;

export const ConnectionEvent = z.object({
  state: z.enum(['connected', 'disconnected']),
  profile: z.string().optional(),
  reason: z.string().optional(),
});

export const ProgressEvent = z.object({
  callId: z.string(),
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
});

/** A request of the session waits for the profile's rate limit or out a gateway's 429; `callIds` are the tool calls running then. */
export const RateWaitEvent = z.object({
  waitMs: z.number().nonnegative(),
  queued: z.number().int().nonnegative(),
  callIds: z.array(z.string()).max(64),
  /** The profile's pacing (default), or the gateway's 429 being waited out before the one retry. */
  reason: z.enum(['pace', 'retry-after']).optional(),
});
export type RateWaitEvent = z.infer<typeof RateWaitEvent>;

export const playgroundChannels = {
  /** The current connection, if any (after a reload, say). */
  'playground:state': { args: z.tuple([]), result: z.object({ connection: ConnectionInfo.nullable() }) },
  /** Starts the bridge in-process for a profile, speaks MCP to it and lists the tools. */
  'playground:connect': { args: z.tuple([z.string().min(1).max(64)]), result: ConnectionInfo },
  'playground:disconnect': { args: z.tuple([]), result: z.object({ disconnected: z.boolean() }) },
  /**
   * The built-in reference gateway's demo account, so exported calls run as they are against it. Public by
   * design (it only opens the offline gateway on this computer) and shown labelled as demo credentials;
   * null unless the playground is connected to an embedded profile.
   */
  'playground:demoCredentials': {
    args: z.tuple([]),
    result: z.object({ accessId: z.string(), secretKey: z.string() }).nullable(),
  },
  /** One MCP ping round trip, in milliseconds. */
  'playground:ping': { args: z.tuple([]), result: z.object({ latencyMs: z.number() }) },
  /** Checks arguments against the tool's input schema with ajv (in main: the renderer's CSP forbids compiling schemas). */
  'playground:validate': { args: z.tuple([z.string().min(1).max(256), JsonObject]), result: ValidationResult },
  /** Validates, then calls the tool; resolves when it answers, fails or is cancelled. Invalid arguments are never sent. */
  'playground:call': { args: z.tuple([CallRequest]), result: CallOutcome },
  /** Cancels a running call: the SDK sends notifications/cancelled through the bridge. */
  'playground:cancel': { args: z.tuple([z.string().min(1).max(64)]), result: z.object({ cancelled: z.boolean() }) },
  'playground:history': { args: z.tuple([]), result: z.object({ entries: z.array(HistorySummary), limit: z.number() }) },
  'playground:historyEntry': { args: z.tuple([z.string().min(1).max(64)]), result: HistoryEntry },
  'playground:historyRemove': { args: z.tuple([z.string().min(1).max(64)]), result: z.object({ removed: z.boolean() }) },
  'playground:historyClear': { args: z.tuple([]), result: z.object({ removed: z.number() }) },
  /** The session's JSON-RPC messages so far (the live ones arrive as `playground:traffic` events). */
  'playground:traffic': { args: z.tuple([]), result: z.object({ entries: z.array(TrafficEntry) }) },
} as const;

export const playgroundEvents = {
  'playground:traffic': TrafficEntry,
  'playground:connection': ConnectionEvent,
  'playground:progress': ProgressEvent,
  'playground:rateWait': RateWaitEvent,
  'playground:historyChanged': z.object({ count: z.number() }),
} as const;
