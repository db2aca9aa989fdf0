import { z } from 'zod';
import type { Tool } from '@modelcontextprotocol/server';
import { toolContract } from '../../domain/tools/catalogue';

/**
 * The tools to list when the recording has no tools/list answer: the gateway's contracts of the tools it
 * called (a tool outside the contracts gets an open input schema). No output schema: a recorded result
 * with redacted values must not fail a client's check of the structured content.
 */
export function contractTools(names: readonly string[]): Tool[] {
  return names.map((name) => {
    const contract = toolContract(name);
    if (!contract) return { name, inputSchema: { type: 'object' } };
    return {
      name,
      title: contract.title,
      description: contract.description,
      inputSchema: z.toJSONSchema(z.strictObject(contract.input), { io: 'input' }) as Tool['inputSchema'],
    };
  });
}
