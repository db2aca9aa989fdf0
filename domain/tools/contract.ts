/**
 * A tool's public contract: its name, what the assistant reads about it, and the zod schemas of its
 * arguments and of its structured result. The reference gateway serves these; the playground types its
 * result views from the same output schemas.
 */
import type { z } from 'zod';

export interface ToolContract<Input extends z.ZodRawShape = z.ZodRawShape, Output extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: Input;
  readonly output: Output;
}

/** Keeps a contract's own input and output types (a plain annotation would widen them). */
export const defineContract = <Input extends z.ZodRawShape, Output extends z.ZodObject>(
  contract: ToolContract<Input, Output>,
): ToolContract<Input, Output> => contract;

/** The structured result a tool promises. */
export type ToolOutput<C extends ToolContract> = z.infer<C['output']>;
