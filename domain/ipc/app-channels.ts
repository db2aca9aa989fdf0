import { z } from 'zod';

/** Versions and host facts for the About view and the status area. */
export const AppInfo = z.object({
  productName: z.string(),
  version: z.string(),
  host: z.enum(['electron', 'browser']),
  platform: z.string(),
  arch: z.string(),
  versions: z.object({
    node: z.string(),
    electron: z.string().optional(),
    chrome: z.string().optional(),
    v8: z.string(),
    mcpSdk: z.string(),
  }),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const appChannels = {
  /** Facts about the running app; the renderer's first call. */
  'app:info': { args: z.tuple([]), result: AppInfo },
  /** Round trip through main-process code, for health checks and the status area. */
  'app:ping': { args: z.tuple([z.string().max(200)]), result: z.object({ echo: z.string(), at: z.number() }) },
  /** Opens an https URL in the system browser; anything else is refused. */
  'app:openExternal': { args: z.tuple([z.string().max(2048)]), result: z.object({ opened: z.boolean() }) },
} as const;
