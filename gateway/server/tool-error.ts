/** Every tool failure is a JSON `{code, message}` text item with isError, so agents and the UI can branch on `code`. */
export interface ToolError {
  readonly code: string;
  readonly message: string;
  /** Seconds to wait, for rate limiting. */
  readonly retryAfter?: number;
}

export const toolError = (code: string, message: string, extra: { retryAfter?: number } = {}): ToolError => ({ code, message, ...extra });
