import { defineCommand } from '../command';
import { BRIDGE_ABOUT, BRIDGE_MORE, BRIDGE_OPTIONS, BRIDGE_USAGE } from '../bridge-help';

export const bridgeCommand = defineCommand({
  path: ['bridge'],
  summary: 'Stdio MCP server for assistants, forwarding to a gateway with keychain credentials',
  usage: BRIDGE_USAGE,
  about: BRIDGE_ABOUT,
  options: BRIDGE_OPTIONS,
  positionals: false,
  more: BRIDGE_MORE,
  async run({ values }, io) {
    // Loaded on demand: `companion bridge` must start fast, and other commands need none of it.
    const { startBridgeCli } = await import('../bridge-cli');
    return startBridgeCli(values, io);
  },
});
