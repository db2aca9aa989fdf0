import { defineCommand, UsageError, type CliIo, type Command } from '../command';
import { currentPathContext, profilesFile, type PathContext } from '../../../platform/credentials/config-paths';
import { DEFAULT_PROFILE } from '../../../platform/credentials/default-profile';
import { ProfileStore, validateProfileName } from '../../../platform/credentials/profiles';
import { CLIENT_IDS, clientSpec, isClientId, type ClientId } from '../../clients/catalog';
import type { ClientStatus } from '../../clients/detect';
import { displayPath } from '../../clients/locations';

const IDS = CLIENT_IDS.join(', ');

function clientArg(positionals: string[], command: string): ClientId {
  const [id, ...extra] = positionals;
  if (id === undefined) throw new UsageError(`name the client: one of ${IDS}.`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"; name one client.`);
  if (!isClientId(id)) throw new UsageError(`unknown client "${id}" for ${command}; choose one of ${IDS}.`);
  return id;
}

const STATE_WORDS: Record<ClientStatus['state'], string> = {
  'not-installed': 'not installed',
  'not-configured': 'not configured',
  configured: 'configured',
  stale: 'stale',
};

function note(s: ClientStatus): string {
  if (s.problem) return s.problem;
  if (s.state === 'stale' && s.entry) return `missing: ${s.entry.missing.join(', ')}; run: companion clients install ${s.id}`;
  if (s.entry) return `profile ${s.entry.profile ?? '(none)'}${s.entry.upToDate === false ? '; install again to update it' : ''}`;
  return '';
}

const listCommand = defineCommand({
  path: ['clients', 'list'],
  summary: 'List the assistants (MCP clients) and whether gateway-companion is set up in each',
  usage: 'companion clients list [--json]',
  about: `Shows each supported assistant, its state and its config file:
  not installed   neither its config file nor its app folder exists
  not configured  installed, without a gateway-companion entry (or its config does not parse: the line is shown)
  configured      the entry is there and what it launches exists
  stale           the entry launches a program or script that no longer exists; install it again

Clients: ${IDS}.
Config files are looked for under HOME (USERPROFILE on Windows), APPDATA and XDG_CONFIG_HOME.`,
  options: { json: { type: 'boolean', description: 'Print a JSON array instead of the table.' } },
  positionals: false,
  async run({ values }, io) {
    const { listClients } = await import('../../clients/detect');
    const { currentRuntime } = await import('../../clients/launch');
    const paths = currentPathContext(io.env);
    let runtime;
    try {
      runtime = currentRuntime(io.env);
    } catch {
      runtime = undefined; // not built: states are still right, only "up to date" is unknown
    }
    const statuses = await listClients({ paths, ...(runtime ? { runtime } : {}) });
    if (values.json) {
      io.stdout.write(`${JSON.stringify(statuses, null, 2)}\n`);
      return 0;
    }
    const rows = statuses.map((s) => [s.id, STATE_WORDS[s.state], s.displayPath, note(s)]);
    const widths = [0, 1].map((i) => Math.max(...rows.map((r) => r[i]!.length), i === 0 ? 6 : 5));
    const line = (r: string[]) => `${r[0]!.padEnd(widths[0]!)}  ${r[1]!.padEnd(widths[1]!)}  ${r[2]}${r[3] ? `  (${r[3]})` : ''}`;
    io.stdout.write(`${[line(['CLIENT', 'STATE', 'CONFIG FILE', '']), ...rows.map(line)].join('\n')}\n`);
    return 0;
  },
});

async function resolveProfile(requested: string | undefined, paths: PathContext): Promise<string> {
  const store = new ProfileStore(profilesFile(paths));
  const name = requested ?? (await store.defaultName());
  try {
    validateProfileName(name);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // `default` is built in: the bridge creates it on first use.
  if (name !== DEFAULT_PROFILE && !(await store.get(name))) {
    throw new Error(
      `there is no profile named "${name}" in ${store.file}; create it first with: companion login --profile ${name} --url <gateway URL>`,
    );
  }
  return name;
}

const installCommand = defineCommand({
  path: ['clients', 'install'],
  summary: "Add the gateway-companion entry to an assistant's config (keeps everything else; no secrets)",
  usage: 'companion clients install <client> [--profile NAME]',
  about: `Adds a stdio server named "gateway-companion" to the client's own config file. It launches this app's
bridge for the profile; the bridge reads the credentials from the OS keychain, so no secret is written.
  - Only that entry is added or updated: other servers, settings, comments and formatting stay as they are.
  - The previous file is kept as a timestamped backup in the app's config folder (backups/<client>/).
  - The file is replaced atomically. Running the command again changes nothing.
  - A config that does not parse is refused with its line number and left untouched.

Clients: ${IDS}.`,
  options: {
    profile: {
      type: 'string',
      value: 'NAME',
      description: `Profile the bridge uses (default: the default profile, else "default", the bundled
reference gateway).`,
    },
  },
  positionals: true,
  async run({ values, positionals }, io) {
    const id = clientArg(positionals, 'install');
    const paths = currentPathContext(io.env);
    const profile = await resolveProfile(values.profile, paths);
    const [{ installClient }, { currentRuntime }, { clientStatus }] = await Promise.all([
      import('../../clients/install'),
      import('../../clients/launch'),
      import('../../clients/detect'),
    ]);
    const spec = clientSpec(id);
    const before = await clientStatus(id, { paths });
    const result = await installClient(id, { paths, runtime: currentRuntime(io.env), profile });
    const where = displayPath(paths, result.file);
    const lines = result.changed
      ? [
          `Installed gateway-companion (profile ${profile}) in ${spec.name}: ${where}`,
          ...(result.backup ? [`Previous file backed up to ${result.backup}`] : []),
          `Next: ${spec.restartHint}`,
          `Check it: companion clients test ${id}`,
        ]
      : [`${spec.name} already has this gateway-companion entry (profile ${profile}) in ${where}; nothing changed.`];
    if (before.state === 'not-installed')
      lines.push(`Note: ${spec.name} does not seem to be installed here; it will find the entry once it is.`);
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
});

/**
 * What to do after a removal. The catalog's restart hint is written for an install (it says where the new
 * server appears, or to start and trust it), so it would send the user looking for what was just removed.
 */
function removedHint(spec: { name: string; needsRestart: boolean }): string {
  return spec.needsRestart
    ? `Quit ${spec.name} completely and open it again: until then it may still start the bridge.`
    : `${spec.name} drops the server when it next reloads its MCP settings; reload or restart it to be sure.`;
}

const removeCommand = defineCommand({
  path: ['clients', 'remove'],
  summary: "Take the gateway-companion entry out of an assistant's config (only that entry)",
  usage: 'companion clients remove <client>',
  about: `Removes only the "gateway-companion" entry. What the install added goes with it (the servers section
if the install created it, or the whole file if the install created it and nothing else was added), so
the file is as it was before. The previous file is backed up first. A config that does not parse is
refused with its line number and left untouched.

Clients: ${IDS}.`,
  options: {},
  positionals: true,
  async run({ positionals }, io) {
    const id = clientArg(positionals, 'remove');
    const paths = currentPathContext(io.env);
    const { removeClient } = await import('../../clients/install');
    const spec = clientSpec(id);
    const result = await removeClient(id, { paths });
    const where = displayPath(paths, result.file);
    const lines = result.changed
      ? [
          `Removed gateway-companion from ${spec.name}: ${result.deleted ? `deleted ${where}, which only held it` : where}`,
          ...(result.backup ? [`Previous file backed up to ${result.backup}`] : []),
          `Next: ${removedHint(spec)}`,
        ]
      : [`${spec.name} has no gateway-companion entry in ${where}; nothing changed.`];
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
});

function ms(n: number | undefined): string {
  return n === undefined ? '?' : `${Math.round(n)} ms`;
}

const testCommand = defineCommand({
  path: ['clients', 'test'],
  summary: "Start the configured entry as the assistant would and list the gateway's tools",
  usage: 'companion clients test <client> [--json]',
  about: `Reads the gateway-companion entry from the client's config and starts exactly that command, with its
arguments and environment, as the client would (no shell). It then performs MCP initialize and
tools/list, and reports the number of tools and the time from start to the answer, or what failed
and how to fix it.

Clients: ${IDS}.`,
  options: { json: { type: 'boolean', description: 'Print one JSON object.' } },
  positionals: true,
  more: 'Exit status: 0 when the tools were listed, 1 otherwise.',
  async run({ values, positionals }, io: CliIo) {
    const id = clientArg(positionals, 'test');
    const paths = currentPathContext(io.env);
    const { testClient } = await import('../../clients/connection-test');
    const spec = clientSpec(id);
    const result = await testClient(id, { paths, env: io.env });
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ client: id, ...result }, null, 2)}\n`);
    } else if (result.ok) {
      const server = result.server ? ` from ${result.server.name} ${result.server.version}` : '';
      io.stdout.write(
        `${spec.name}: ok, ${result.toolCount} tools${server} in ${ms(result.latencyMs)} (start to tools/list)\nTools: ${result.tools?.join(', ')}\n`,
      );
    } else {
      const stderr = result.stderr
        ? `\nBridge output:\n${result.stderr
            .split('\n')
            .map((l) => `  ${l}`)
            .join('\n')}`
        : '';
      io.stdout.write(`${spec.name}: FAILED: ${result.error}\nFix: ${result.fix}${stderr}\n`);
    }
    return result.ok ? 0 : 1;
  },
});

export const clientsCommands: readonly Command[] = [listCommand, installCommand, removeCommand, testCommand];
