import type { ToolResult } from '../../domain/ipc/playground-channels';

function sameJson(text: string, structured: unknown, structuredText: string): boolean {
  if (text === structuredText) return true;
  // A server may pretty-print its text item; compare the data, not the spacing.
  if (text.length > structuredText.length * 4 + 1024) return false;
  try {
    return JSON.stringify(JSON.parse(text)) === structuredText;
  } catch {
    return false;
  }
}

/**
 * The CallToolResult as it travels to the renderer and into history. Servers usually repeat
 * structuredContent as a JSON text item; that copy is marked and emptied rather than sent twice, which
 * halves what the renderer parses for multi-megabyte results. Returns the result and its size on the wire.
 */
export function shapeResult(result: Readonly<Record<string, unknown>>): { result: ToolResult; bytes: number } {
  const content = Array.isArray(result.content) ? [...(result.content as unknown[])] : [];
  const shaped: ToolResult = { content };
  if (result.isError === true) shaped.isError = true;
  const wireText = JSON.stringify(result);
  const bytes = Buffer.byteLength(wireText, 'utf8');
  if (result.structuredContent !== undefined) {
    shaped.structuredContent = result.structuredContent;
    const structuredText = JSON.stringify(result.structuredContent);
    const same: number[] = [];
    content.forEach((item, index) => {
      const text = (item as { type?: unknown; text?: unknown }).type === 'text' ? (item as { text?: unknown }).text : undefined;
      if (typeof text === 'string' && sameJson(text, result.structuredContent, structuredText)) {
        same.push(index);
        content[index] = { ...(item as object), text: '' };
      }
    });
    if (same.length > 0) shaped.textSameAsStructured = same;
  }
  return { result: shaped, bytes };
}
