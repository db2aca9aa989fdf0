import { McpError } from '@modelcontextprotocol/sdk/types.js';

export interface ErrorInfo {
  readonly code: string;
  readonly message: string;
}

/**
 * A failed MCP exchange in words for people: the bridge's errors already name the cause and the remedy
 * (missing credentials, unreachable gateway, timeout), so they are passed on without the SDK's
 * "MCP error -32xxx:" prefix; the bridge's `data.cause` becomes the code.
 */
export function describeMcpError(error: unknown): ErrorInfo {
  if (error instanceof McpError) {
    const cause = (error.data as { cause?: unknown } | undefined)?.cause;
    const message = error.message.replace(/^MCP error -?\d+: /, '');
    return { code: typeof cause === 'string' ? cause : `mcp_${error.code}`, message };
  }
  if (error instanceof Error) return { code: error.name === 'AbortError' ? 'cancelled' : 'failed', message: error.message };
  return { code: 'failed', message: String(error) };
}

/** A tool's own error (isError): the reference gateway sends JSON {code, message}; others send plain text. */
export function toolErrorOf(content: readonly unknown[]): ErrorInfo {
  const first = content.find(
    (c): c is { type: 'text'; text: string } =>
      (c as { type?: unknown }).type === 'text' && typeof (c as { text?: unknown }).text === 'string',
  );
  if (!first) return { code: 'tool_error', message: 'The tool reported an error without a message.' };
  try {
    const parsed = JSON.parse(first.text) as { code?: unknown; message?: unknown; error?: unknown };
    const message = typeof parsed.message === 'string' ? parsed.message : typeof parsed.error === 'string' ? parsed.error : undefined;
    if (message)
      return { code: typeof parsed.code === 'string' || typeof parsed.code === 'number' ? String(parsed.code) : 'tool_error', message };
  } catch {
    // plain text
  }
  return { code: 'tool_error', message: first.text.slice(0, 2000) };
}
