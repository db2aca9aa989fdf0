/**
 * Picks a result's summary view. Each view is typed by its tool's output schema (domain/tools): a result
 * that the schema does not accept (another gateway's shape) gets no summary, and the panel shows the JSON tree.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import type { z } from 'zod';
import type { CallOutcome } from '../../../../../../domain/ipc/playground-channels';
import type { ToolContract } from '../../../../../../domain/tools/contract';
import type { RichContext, RichProps } from './common';

/** Draws the chosen view for a call. */
export type RichRender = (context: RichContext) => ReactElement;

/** A tool's summary: its view of a result, and optionally what it shows for a tool error. */
interface RichView {
  readonly tool: string;
  readonly pick: (outcome: CallOutcome, data: unknown) => RichRender | null;
}

/** Ties a view to its tool's contract: the view only ever sees data the output schema accepted. */
export function richView<Output extends z.ZodObject>(
  contract: ToolContract<z.ZodRawShape, Output>,
  View: ComponentType<RichProps<z.output<Output>>>,
  OnError?: ComponentType<RichContext>,
): RichView {
  return {
    tool: contract.name,
    pick(outcome, data) {
      if (outcome.status === 'tool-error' && OnError) return (context) => createElement(OnError, context);
      if (outcome.status !== 'ok') return null;
      const parsed = contract.output.safeParse(data);
      if (!parsed.success) return null;
      return (context) => createElement(View, { ...context, data: parsed.data });
    },
  };
}

/** The summary for this call's result, or null when no view fits it. */
export function pickRichView(views: readonly RichView[], outcome: CallOutcome, data: unknown): RichRender | null {
  if (data === undefined) return null;
  return views.find((v) => v.tool === outcome.tool)?.pick(outcome, data) ?? null;
}
