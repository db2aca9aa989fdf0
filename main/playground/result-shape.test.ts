import { describe, expect, it } from 'vitest';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { describeMcpError, toolErrorOf } from './errors';
import { shapeResult } from './result-shape';

describe('shapeResult', () => {
  it('marks a text item that repeats structuredContent instead of sending it twice', () => {
    const data = { a: 1, list: [1, 2] };
    const { result, bytes } = shapeResult({
      content: [
        { type: 'text', text: JSON.stringify(data) },
        { type: 'text', text: 'note' },
      ],
      structuredContent: data,
    });
    expect(result.textSameAsStructured).toEqual([0]);
    expect(result.content).toEqual([
      { type: 'text', text: '' },
      { type: 'text', text: 'note' },
    ]);
    expect(bytes).toBe(
      JSON.stringify({
        content: [
          { type: 'text', text: JSON.stringify(data) },
          { type: 'text', text: 'note' },
        ],
        structuredContent: data,
      }).length,
    );
    // Pretty-printed text with the same data counts as a repeat too.
    expect(
      shapeResult({ content: [{ type: 'text', text: JSON.stringify(data, null, 2) }], structuredContent: data }).result
        .textSameAsStructured,
    ).toEqual([0]);
  });

  it('leaves other results as they are', () => {
    expect(shapeResult({ content: [{ type: 'text', text: 'hello' }], isError: true }).result).toEqual({
      content: [{ type: 'text', text: 'hello' }],
      isError: true,
    });
    expect(
      shapeResult({ content: [{ type: 'text', text: '{"a":2}' }], structuredContent: { a: 1 } }).result.textSameAsStructured,
    ).toBeUndefined();
  });
});

describe('errors in words', () => {
  it('passes the bridge messages on without the SDK prefix, with its cause as the code', () => {
    expect(
      describeMcpError(new McpError(-32002, 'No gateway credentials are stored for profile "x".', { cause: 'credentials_missing' })),
    ).toEqual({ code: 'credentials_missing', message: 'No gateway credentials are stored for profile "x".' });
    expect(describeMcpError(new McpError(-32001, 'Request timed out'))).toEqual({ code: 'mcp_-32001', message: 'Request timed out' });
    expect(describeMcpError('boom')).toEqual({ code: 'failed', message: 'boom' });
  });

  it('reads a tool error as JSON {code, message} or plain text', () => {
    expect(toolErrorOf([{ type: 'text', text: '{"code":"invalid_address","message":"Not valid"}' }])).toEqual({
      code: 'invalid_address',
      message: 'Not valid',
    });
    expect(toolErrorOf([{ type: 'text', text: 'Something broke' }])).toEqual({ code: 'tool_error', message: 'Something broke' });
    expect(toolErrorOf([])).toEqual({ code: 'tool_error', message: 'The tool reported an error without a message.' });
  });
});
