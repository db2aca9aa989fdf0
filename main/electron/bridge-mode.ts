/**
 * `--mcp-bridge`: assistants launch the installed app as their stdio MCP server. With the runAsNode fuse
 * off the executable cannot act as Node, so main itself runs the bridge: no window, no single-instance
 * lock, stdout reserved for the protocol.
 */
export const BRIDGE_FLAG = '--mcp-bridge';

/** The bridge's own arguments: everything after the flag (Electron and Chromium switches come before it). */
export function bridgeArguments(argv: readonly string[]): string[] | undefined {
  const at = argv.indexOf(BRIDGE_FLAG);
  return at < 0 ? undefined : argv.slice(at + 1);
}
