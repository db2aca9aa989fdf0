/**
 * The MCP protocol eras a collection runs in, and the choice `companion test --era` and the app's
 * Collections view offer: one era, or both with the responses compared item by item.
 */

/** 2025 sessions, or the stateless 2026-07-28 revision; the first is the default. */
export const ERAS = ['2025-11-25', '2026-07-28'] as const;
export type Era = (typeof ERAS)[number];

export const ERA_CHOICES = [...ERAS, 'both'] as const;
export type EraChoice = (typeof ERA_CHOICES)[number];

export function isEraChoice(text: string): text is EraChoice {
  return (ERA_CHOICES as readonly string[]).includes(text);
}

/** The eras a choice runs, in order (undefined: the default era). */
export function erasOf(choice: EraChoice | undefined): Era[] {
  if (choice === undefined) return [ERAS[0]];
  return choice === 'both' ? [...ERAS] : [choice];
}
