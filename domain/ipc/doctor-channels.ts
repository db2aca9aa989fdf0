import { z } from 'zod';
import { HOPS } from '../doctor-report';
import { ClientIdSchema } from './assistants-channels';
import { ProfileNameArg } from './profiles-channels';

const HopIdSchema = z.enum(HOPS.map((h) => h.id) as [(typeof HOPS)[number]['id'], ...(typeof HOPS)[number]['id'][]]);

/** One hop of the connection doctor's report (domain/doctor-report.ts). */
const HopResultSchema = z.object({
  id: HopIdSchema,
  label: z.string(),
  status: z.enum(['ok', 'failed', 'skipped', 'not-reached']),
  ms: z.number(),
  detail: z.string().optional(),
  cause: z.string().optional(),
  fix: z.string().optional(),
});

/** The doctor's report as `companion doctor --json` prints it, plus its redacted text for "Copy report". */
export const DoctorRun = z.object({
  report: z.object({
    version: z.literal(1),
    verdict: z.enum(['healthy', 'broken']),
    profile: z.string().optional(),
    client: z.string().optional(),
    url: z.string().optional(),
    hops: z.array(HopResultSchema),
    totalMs: z.number(),
  }),
  text: z.string(),
});
export type DoctorRun = z.infer<typeof DoctorRun>;

export const doctorChannels = {
  /** Runs the connection doctor from an assistant's config (client) or for a profile; never returns a secret. */
  'doctor:run': {
    args: z.tuple([z.object({ client: ClientIdSchema.optional(), profile: ProfileNameArg.optional() })]),
    result: DoctorRun,
  },
} as const;
