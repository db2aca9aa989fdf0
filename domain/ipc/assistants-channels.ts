import { z } from 'zod';
import { CLIENT_IDS } from '../assistant-clients';
import { ProfileNameArg } from './profiles-channels';

/**
 * Channels of the Assistants view: the MCP clients' state, installing and removing our entry, testing it,
 * and the bridge's tool-call activity. Nothing secret crosses: entries hold no credentials, env values
 * are not sent, and the audit log's arguments are already redacted by the bridge.
 */

export const ClientIdSchema = z.enum(CLIENT_IDS);

export const AssistantClient = z.object({
  id: ClientIdSchema,
  name: z.string(),
  kind: z.enum(['desktop', 'cli', 'editor']),
  format: z.enum(['json', 'jsonc', 'toml']),
  configFile: z.string(),
  /** The config path with the home folder as `~`. */
  displayPath: z.string(),
  configExists: z.boolean(),
  state: z.enum(['not-installed', 'not-configured', 'configured', 'stale']),
  entry: z
    .object({
      command: z.string(),
      args: z.array(z.string()),
      /** Names of the variables the entry sets (values stay in main). */
      envKeys: z.array(z.string()),
      profile: z.string().optional(),
      /** Launched paths that no longer exist. */
      missing: z.array(z.string()),
      /** Exactly what Install would write now for its profile. */
      upToDate: z.boolean().optional(),
      /** The entry launches the bridge with --record: each session is recorded in the app's recordings folder. */
      recording: z.boolean(),
    })
    .optional(),
  /**
   * The last successful handshake through the bridge (Test) with the entry as it is now: only then is the
   * assistant "Connected"; a config entry alone is "Configured".
   */
  handshake: z.object({ at: z.number(), toolCount: z.number() }).optional(),
  /** Why the config cannot be read or edited (with its line), shown as is. */
  problem: z.string().optional(),
  restartHint: z.string(),
  needsRestart: z.boolean(),
});
export type AssistantClient = z.infer<typeof AssistantClient>;

export const AssistantsOverview = z.object({
  clients: z.array(AssistantClient),
  /** Profile names to offer, and the one used when none is chosen. */
  profiles: z.array(z.string()),
  defaultProfile: z.string(),
  /** What Install makes assistants launch, or why it cannot (e.g. the CLI is not built). */
  launcher: z.object({ kind: z.enum(['packaged', 'source']), command: z.string() }).or(z.object({ error: z.string() })),
  backupsDir: z.string(),
  activityLog: z.string(),
});
export type AssistantsOverview = z.infer<typeof AssistantsOverview>;

export const ChangeOutcome = z.object({
  client: AssistantClient,
  changed: z.boolean(),
  backup: z.string().optional(),
  deleted: z.boolean().optional(),
});
export type ChangeOutcome = z.infer<typeof ChangeOutcome>;

export const ConnectionTest = z.object({
  ok: z.boolean(),
  latencyMs: z.number().optional(),
  toolCount: z.number().optional(),
  tools: z.array(z.string()).optional(),
  server: z.object({ name: z.string(), version: z.string() }).optional(),
  error: z.string().optional(),
  fix: z.string().optional(),
  stderr: z.string().optional(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;

export const ManualSetup = z.object({
  file: z.string(),
  language: z.enum(['json', 'toml']),
  snippet: z.string(),
  command: z.string().optional(),
});
export type ManualSetup = z.infer<typeof ManualSetup>;

/** One tool call from the bridges' audit log. */
export const ActivityRecord = z.object({
  time: z.string(),
  profile: z.string(),
  tool: z.string(),
  arguments: z.unknown(),
  durationMs: z.number(),
  ok: z.boolean(),
  errorCode: z.union([z.number(), z.string()]).optional(),
  /** "playground" for the app's own Tool playground; absent for an assistant's call. */
  source: z.literal('playground').optional(),
});
export type ActivityRecord = z.infer<typeof ActivityRecord>;

/** New tool calls as bridges log them, oldest first. */
export const ActivityEvent = z.object({ records: z.array(ActivityRecord) });

export const assistantsChannels = {
  /** Every client with its state, plus the profiles and what Install launches. */
  'assistants:list': { args: z.tuple([]), result: AssistantsOverview },
  /** Adds or updates our entry in the client's config for a profile (default: the default profile). */
  'assistants:install': { args: z.tuple([ClientIdSchema, z.object({ profile: ProfileNameArg.optional() })]), result: ChangeOutcome },
  /**
   * Turns "Record sessions" on or off: rewrites the entry (same profile) with or without `--record` into
   * `<app data>/recordings/<assistant>-{date}.jsonl`. The assistant must already be set up.
   */
  'assistants:setRecording': { args: z.tuple([ClientIdSchema, z.object({ record: z.boolean() })]), result: ChangeOutcome },
  /** Takes our entry out of the client's config. */
  'assistants:remove': { args: z.tuple([ClientIdSchema]), result: ChangeOutcome },
  /** Starts the configured entry as the client would and lists the gateway's tools. */
  'assistants:test': { args: z.tuple([ClientIdSchema]), result: ConnectionTest },
  /** The snippet to set a client up by hand, for a profile. */
  'assistants:manualSetup': { args: z.tuple([ClientIdSchema, ProfileNameArg]), result: ManualSetup },
  /**
   * Saves the assistant's newest recorded session as a collection in `<app data>/collections/`, with the
   * conversion of `companion record to-collection` (every call, per-call values skipped).
   */
  'assistants:saveRecordingAsCollection': {
    args: z.tuple([ClientIdSchema]),
    result: z.object({ file: z.string(), recording: z.string(), items: z.number().int(), notes: z.string().optional() }),
  },
  /** The newest tool calls (newest first); later ones arrive as `assistants:activity` events. */
  'assistants:recentActivity': { args: z.tuple([]), result: z.object({ records: z.array(ActivityRecord), logFile: z.string() }) },
} as const;
