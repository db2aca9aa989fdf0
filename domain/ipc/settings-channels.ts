import { z } from 'zod';
import { RATE_MAX } from '../profile-gateway';

/**
 * The built-in gateway's emulated tier as Settings shows it (domain/embedded-tier.ts): what is saved, what
 * the environment sets (it wins), and the rate in effect for a gateway this app starts.
 */
export const EmbeddedRateState = z.object({
  /** The settings file the choice is saved in. */
  settingsFile: z.string(),
  /** The saved rate, requests per second per account; absent: off. */
  saved: z.number().optional(),
  /** GATEWAY_COMPANION_EMBEDDED_RATE where the app was started, as set; it decides and Settings cannot change it. */
  environment: z.string().optional(),
  /** The rate the app's built-in gateway emulates; absent: no limit. */
  inEffect: z.number().optional(),
  /** Whether the built-in profile paces its requests to that rate (they wait their turn) instead of meeting its 429s. */
  paced: z.boolean(),
  /** Why the environment's value or the saved one cannot be used. */
  problem: z.string().optional(),
});
export type EmbeddedRateState = z.infer<typeof EmbeddedRateState>;

export const settingsChannels = {
  /** The built-in gateway's rate limit: saved, from the environment, in effect. */
  'settings:embeddedRate': { args: z.tuple([]), result: EmbeddedRateState },
  /**
   * Saves the built-in gateway's rate limit (null: off) and whether the built-in profile paces to it; the
   * limit applies to the gateway the app runs at once, the pacing from the profile's next connection.
   */
  'settings:setEmbeddedRate': {
    args: z.tuple([z.object({ rate: z.number().gt(0).lte(RATE_MAX).nullable(), paced: z.boolean() })]),
    result: EmbeddedRateState,
  },
} as const;
