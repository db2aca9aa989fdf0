import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { serveStatelessMcp } from '../../main/playground/testing';

/**
 * The input schema the MCP Inspector's users complain about: $defs and $ref, oneOf of objects told apart
 * by a const, anyOf with null, enums of numbers, arrays of objects, bounds, defaults and an optional
 * nested object.
 */
export const SHAPES_SCHEMA = {
  type: 'object',
  $defs: {
    point: {
      type: 'object',
      title: 'Point',
      properties: { kind: { const: 'point' }, x: { type: 'number' }, y: { type: 'number' } },
      required: ['kind', 'x', 'y'],
      additionalProperties: false,
    },
    circle: {
      type: 'object',
      title: 'Circle',
      properties: { kind: { const: 'circle' }, radius: { type: 'number', exclusiveMinimum: 0, default: 1 } },
      required: ['kind', 'radius'],
      additionalProperties: false,
    },
  },
  properties: {
    label: { type: 'string', minLength: 1, description: 'A name for the drawing.' },
    shape: { description: 'What to draw.', oneOf: [{ $ref: '#/$defs/point' }, { $ref: '#/$defs/circle' }] },
    size: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
    mode: { description: 'Rendering mode.', enum: [1, 2, 3] },
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    tags: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 2 },
    points: { type: 'array', items: { $ref: '#/$defs/point' } },
    options: {
      type: 'object',
      properties: { verbose: { type: 'boolean', default: false }, depth: { type: 'integer', minimum: 0 } },
      required: ['verbose'],
    },
  },
  required: ['label', 'shape'],
  additionalProperties: false,
} as const;

/** A stateless MCP server on loopback http with one tool, `echo_shapes`, that answers with its arguments. */
export function startSchemaServer(): Promise<{ url: string; close: () => Promise<void> }> {
  return serveStatelessMcp(() => {
    const server = new Server({ name: 'schema-lab', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [
        {
          name: 'echo_shapes',
          title: 'Echo shapes',
          description: 'Answers with the arguments it was given.',
          inputSchema: SHAPES_SCHEMA as never,
          annotations: { readOnlyHint: true, idempotentHint: true },
        },
      ],
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const args = request.params.arguments ?? {};
      return { content: [{ type: 'text', text: JSON.stringify(args) }], structuredContent: args };
    });
    return server;
  });
}
