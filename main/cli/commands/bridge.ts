import type { Command } from '../command';
import { BRIDGE_HELP } from '../bridge-help';

export const bridgeCommand: Command = {
  path: ['bridge'],
  summary: 'Stdio MCP server for assistants, forwarding to a gateway with keychain credentials',
  help: BRIDGE_HELP,
  async run(argv, io) {
    // Loaded on demand: `companion bridge` must start fast, and other commands need none of it.
    const { runBridgeCli } = await import('../bridge-cli');
    return runBridgeCli(argv, io);
  },
};
