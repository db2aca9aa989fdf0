import { stringify } from 'smol-toml';
import type { PathContext } from '../../platform/credentials/config-paths';
import { clientSpec, ENTRY_NAME, type ClientId } from './catalog';
import { desiredEntry } from './install';
import type { LaunchRuntime } from './launch';
import { displayPath } from './locations';

/** What a user pastes to set a client up by hand. */
export interface ManualSetup {
  readonly file: string;
  readonly language: 'json' | 'toml';
  /** The entry inside its container, ready to merge into the file. */
  readonly snippet: string;
  /** A one-line alternative where the client has its own command for it. */
  readonly command?: string;
}

/** Quotes one shell word only when it needs it (POSIX sh). */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function manualSetup(id: ClientId, runtime: LaunchRuntime, profile: string, paths: PathContext): ManualSetup {
  const spec = clientSpec(id);
  const entry = desiredEntry(spec, runtime, profile, paths);
  const file = displayPath(paths, spec.configFile(paths));
  if (spec.format === 'toml')
    return { file, language: 'toml', snippet: stringify({ [spec.containerKey]: { [ENTRY_NAME]: entry } }).trimEnd() };
  const snippet = JSON.stringify({ [spec.containerKey]: { [ENTRY_NAME]: entry } }, null, 2);
  const { command, args, env } = entry as { command: string; args: string[]; env?: Record<string, string> };
  if (id === 'claude-code') {
    const envFlags = Object.entries(env ?? {}).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    return {
      file,
      language: 'json',
      snippet,
      command: ['claude', 'mcp', 'add', '--scope', 'user', ...envFlags, ENTRY_NAME, '--', command, ...args].map(shellWord).join(' '),
    };
  }
  if (id === 'vscode')
    return { file, language: 'json', snippet, command: `code --add-mcp ${shellWord(JSON.stringify({ name: ENTRY_NAME, ...entry }))}` };
  return { file, language: 'json', snippet };
}
