/**
 * What the playground itself reads from a reference tool's result (the step picker, the category
 * picker), parsed by the tool's output schema (domain/tools) rather than by hand.
 */
import type { CallOutcome } from '../../../../../domain/ipc/playground-channels';
import type { ToolOutput } from '../../../../../domain/tools/contract';
import { getListingCategories } from '../../../../../domain/tools/market';
import { getSwapQuote } from '../../../../../domain/tools/swap';

export type ListingCategory = ToolOutput<typeof getListingCategories>['docs'][number];

/** The step ids of a get_swap_quote result, best route first; undefined for any other result. */
export function quoteStepIds(outcome: CallOutcome): string[] | undefined {
  if (outcome.tool !== getSwapQuote.name || outcome.status !== 'ok') return undefined;
  const quote = getSwapQuote.output.safeParse(outcome.result?.structuredContent);
  return quote.success ? quote.data.routes.flatMap((r) => r.steps.map((s) => s.id)) : undefined;
}

/** The categories of a get_listing_categories call; throws, with the reason, when it gave none. */
export function listingCategories(outcome: CallOutcome): ListingCategory[] {
  if (outcome.status !== 'ok') throw new Error(outcome.error?.message ?? `${getListingCategories.name} failed.`);
  const list = getListingCategories.output.safeParse(outcome.result?.structuredContent);
  if (!list.success) throw new Error(`${getListingCategories.name} returned no list.`);
  return list.data.docs;
}
