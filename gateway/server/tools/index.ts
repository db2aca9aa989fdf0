import { TOOL_CONTRACTS } from '../../../domain/tools/catalogue';
import type { ToolDefinition } from '../tool-kit';
import * as market from './market';
import * as security from './security';
import * as swap from './swap';
import * as tokenInfo from './token-info';

const DEFINITIONS = new Map<string, ToolDefinition>(
  [...Object.values(tokenInfo), ...Object.values(swap), ...Object.values(market), ...Object.values(security)].map((d) => [d.name, d]),
);

/** The 13 tools, in the order of the contracts' one list (`domain/tools/catalogue.ts`). */
export const TOOLS: readonly ToolDefinition[] = TOOL_CONTRACTS.map((contract) => {
  const definition = DEFINITIONS.get(contract.name);
  // A contract without its implementation is a build defect, caught by the first test that loads the gateway.
  if (!definition) throw new Error(`The reference gateway has no implementation of the tool ${contract.name}.`);
  return definition;
});
