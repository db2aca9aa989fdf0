import path from 'node:path';
import { defineCommand, UsageError, type CliIo } from '../command';
import { readCaFile } from '../../../platform/credentials/ca-file';
import { currentPathContext, profilesFile, type PathContext } from '../../../platform/credentials/config-paths';
import { storeCredentials, validateCredentials } from '../../../platform/credentials/credentials';
import { DEFAULT_PROFILE, ensureDefaultProfile } from '../../../platform/credentials/default-profile';
import { learnDemoAccount } from '../../bridge-host/demo-account';
import { KEYCHAIN_SERVICE } from '../../../platform/credentials/keychain';
import { ProfileError, ProfileStore, validateProfile, validateProfileName, type Profile } from '../../../platform/credentials/profiles';
import { promptHidden, readLines } from '../../../platform/credentials/secret-input';

/** The profile a command acts on: --profile, else the profiles file's default, else `default`. */
export async function profileFromOption(
  option: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<{ paths: PathContext; store: ProfileStore; name: string }> {
  const paths = currentPathContext(env);
  const store = new ProfileStore(profilesFile(paths));
  const name = option ?? (await store.defaultName());
  try {
    validateProfileName(name);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return { paths, store, name };
}

async function readSecrets(io: CliIo): Promise<{ accessId: string; secretKey: string }> {
  if (io.stdin.isTTY) {
    const accessId = await promptHidden(io.stdin, io.stderr, 'Access id (input hidden): ');
    const secretKey = await promptHidden(io.stdin, io.stderr, 'Secret key (input hidden): ');
    return { accessId: accessId.trim(), secretKey: secretKey.trim() };
  }
  const [accessId = '', secretKey = ''] = await readLines(io.stdin, 2);
  if (!accessId.trim() || !secretKey.trim())
    throw new UsageError(
      'stdin is not a terminal, so the access id and the secret key are read from its first two lines; got fewer than two non-empty lines.',
    );
  return { accessId: accessId.trim(), secretKey: secretKey.trim() };
}

async function caFileOption(value: string | undefined, cwd: string): Promise<string | undefined> {
  if (value === undefined) return undefined;
  const file = path.resolve(cwd, value);
  const read = await readCaFile(file);
  if (!read.ok)
    throw new UsageError(read.unreadable ? `cannot read --ca-file ${file}: it ${read.problem}` : `--ca-file ${file} ${read.problem}`);
  return file;
}

export const loginCommand = defineCommand({
  path: ['login'],
  summary: 'Store a gateway profile and its credentials in the OS keychain',
  usage: 'companion login [--profile NAME] [--url URL] [--ca-file FILE] [--no-proxy] [--timeout SECONDS] [--set-default]',
  about: `Saves a gateway profile and stores its access id and secret key in the OS keychain (service
"${KEYCHAIN_SERVICE}", one account per profile). The profile (URL and settings, never secrets) goes to
the profiles file shared by the app, the CLI and the bridge.

The access id and secret key are read from a prompt that does not echo, or, when stdin is not a
terminal, from its first two lines. They are never taken from arguments, which other users can see:
  companion login --profile work --url https://gateway.example.com/mcp
  printf '%s\\n%s\\n' "$ID" "$KEY" | companion login --profile ci --url https://gateway.example.com/mcp`,
  options: {
    profile: { type: 'string', value: 'NAME', description: 'Profile to create or update (default: the default profile, else "default").' },
    url: {
      type: 'string',
      value: 'URL',
      description: `The gateway's MCP endpoint. Required for a new profile. https:// is required;
http:// only to loopback addresses.`,
    },
    'ca-file': {
      type: 'string',
      value: 'FILE',
      description: 'PEM CA certificate(s) to trust for this gateway instead of the system store.',
    },
    'no-proxy': { type: 'boolean', description: 'Connect directly even when HTTPS_PROXY is set (default: honour proxy variables).' },
    timeout: { type: 'string', value: 'SECONDS', description: 'Per-request timeout for the bridge (default 60).' },
    'set-default': { type: 'boolean', description: 'Make this the profile used when none is named.' },
  },
  positionals: false,
  more: `The built-in "default" profile is the bundled reference gateway: "companion login" without --url
just stores its demo account in the keychain.`,
  async run({ values }, io) {
    const { paths, store, name } = await profileFromOption(values.profile, io.env);
    const timeoutSeconds = values.timeout === undefined ? undefined : Number(values.timeout);
    if (timeoutSeconds !== undefined && !(Number.isFinite(timeoutSeconds) && timeoutSeconds > 0 && timeoutSeconds <= 3600))
      throw new UsageError(`--timeout must be a number of seconds from 1 to 3600, got "${values.timeout}".`);
    const caFile = await caFileOption(values['ca-file'], process.cwd());

    let existing = await store.get(name);
    if (!existing && name === DEFAULT_PROFILE && values.url === undefined) existing = await ensureDefaultProfile({ paths, env: io.env });
    if (existing?.kind === 'embedded' && values.url === undefined) {
      await ensureDefaultProfile({ paths, env: io.env, learnDemoAccount });
      io.stdout.write(
        `Profile "${name}" is the bundled reference gateway (${existing.url}); its demo account is stored in the OS keychain.\nTo use your own gateway: companion login --profile NAME --url URL\n`,
      );
      return 0;
    }
    if (!existing && values.url === undefined)
      throw new UsageError(`profile "${name}" does not exist yet: give its gateway URL with --url`);

    const keptCaFile = caFile ?? existing?.caFile;
    const keptTimeout = timeoutSeconds ?? existing?.timeoutSeconds;
    const profile: Profile = {
      name,
      kind: existing?.kind === 'embedded' ? 'embedded' : 'remote',
      url: values.url ?? (existing as Profile).url,
      ...(keptCaFile ? { caFile: keptCaFile } : {}),
      ...(values['no-proxy'] ? { proxy: false } : existing?.proxy !== undefined ? { proxy: existing.proxy } : {}),
      ...(keptTimeout ? { timeoutSeconds: keptTimeout } : {}),
    };
    let saved: Profile;
    try {
      // Validate before asking for secrets, save after they are safely stored.
      validateProfile(profile);
      const credentials = validateCredentials({ ...(await readSecrets(io)), origin: profile.url });
      await storeCredentials(name, credentials);
      saved = await store.save(profile);
      if (values['set-default']) await store.setDefault(name);
    } catch (error) {
      if (error instanceof ProfileError) throw new UsageError(error.message);
      throw error;
    }
    io.stdout.write(
      `Stored the credentials of profile "${name}" in the OS keychain (service "${KEYCHAIN_SERVICE}", account "${name}").\n` +
        `Profile "${name}" → ${saved.url}, saved in ${store.file}${values['set-default'] ? ' (now the default)' : ''}.\n` +
        `Check the connection: companion status${name === DEFAULT_PROFILE ? '' : ` --profile ${name}`}\n`,
    );
    return 0;
  },
});
