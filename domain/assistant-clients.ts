/** The assistants (MCP clients) whose config the app can set up; shared by main, the CLI and the interface. */
export const CLIENT_IDS = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'gemini-cli', 'codex', 'zed', 'cline'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

/** Our entry's name in every client's config. */
export const ENTRY_NAME = 'gateway-companion';
