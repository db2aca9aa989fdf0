/** Assistant clients as main describes them, for the view's tests. */
import type { AssistantClient } from '../../../../../domain/ipc/assistants-channels';

export function aClient(change: Partial<AssistantClient> = {}): AssistantClient {
  return {
    id: 'cursor',
    name: 'Cursor',
    kind: 'editor',
    format: 'json',
    configFile: '/home/op/.cursor/mcp.json',
    displayPath: '~/.cursor/mcp.json',
    configExists: true,
    state: 'not-configured',
    restartHint: 'Restart Cursor to load it.',
    needsRestart: true,
    ...change,
  };
}

export const anEntry = (change: Partial<NonNullable<AssistantClient['entry']>> = {}): NonNullable<AssistantClient['entry']> => ({
  command: '/opt/companion/node',
  args: ['cli.js', 'bridge', '--profile', 'default'],
  envKeys: [],
  profile: 'default',
  missing: [],
  upToDate: true,
  recording: false,
  ...change,
});
