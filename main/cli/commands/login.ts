import path from 'node:path';
import { defineCommand, UsageError, type CliIo } from '../command';
import {
  DEFAULT_CREDENTIAL_HEADER,
  DEFAULT_SECRET_HEADER,
  GATEWAY_PRESETS,
  isPresetId,
  rateProblem,
  type GatewayPreset,
} from '../../../domain/profile-gateway';
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

function presetOption(value: string | undefined): GatewayPreset | undefined {
  if (value === undefined) return undefined;
  if (!isPresetId(value)) throw new UsageError(`--preset must be one of ${Object.keys(GATEWAY_PRESETS).join(', ')}; got "${value}".`);
  return GATEWAY_PRESETS[value];
}

function rateOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const rate = /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : NaN;
  const problem = rateProblem(rate);
  if (problem) throw new UsageError(`--rate: ${problem}; got "${value}".`);
  return rate;
}

/** The header names and rate to save: flags first, then the preset, then what the profile had. */
function gatewaySettings(
  values: { 'credential-header'?: string | undefined; 'secret-header'?: string | undefined; rate?: string | undefined },
  preset: GatewayPreset | undefined,
  existing: Profile | undefined,
): Pick<Profile, 'credentialHeader' | 'secretHeader' | 'rate'> {
  const credentialHeader = values['credential-header'] ?? (preset ? preset.headers.credential : existing?.credentialHeader);
  const secretHeader = values['secret-header'] ?? (preset ? preset.headers.secret : existing?.secretHeader);
  const rate = rateOption(values.rate) ?? (preset ? preset.rate : existing?.rate);
  return {
    // The defaults are left out of the file, as profiles saved before header names existed.
    ...(credentialHeader !== undefined && credentialHeader !== DEFAULT_CREDENTIAL_HEADER ? { credentialHeader } : {}),
    ...(secretHeader !== undefined && secretHeader !== DEFAULT_SECRET_HEADER ? { secretHeader } : {}),
    ...(rate !== undefined ? { rate } : {}),
  };
}

export const loginCommand = defineCommand({
  path: ['login'],
  summary: 'Store a gateway profile and its credentials in the OS keychain',
  usage: `companion login [--profile NAME] [--url URL] [--preset reference|custom|public] [--ca-file FILE]
                       [--credential-header NAME] [--secret-header NAME] [--rate N]
                       [--no-proxy] [--timeout SECONDS] [--set-default]`,
  about: `Saves a gateway profile and stores its access id and secret key in the OS keychain (service
"${KEYCHAIN_SERVICE}", one account per profile). The profile (URL and settings, never secrets) goes to
the profiles file shared by the app, the CLI and the bridge.

The access id and secret key are read from a prompt that does not echo, or, when stdin is not a
terminal, from its first two lines. They are never taken from arguments, which other users can see:
  companion login --profile work --url https://gateway.example.com/mcp
  printf '%s\\n%s\\n' "$ID" "$KEY" | companion login --profile ci --url https://gateway.example.com/mcp
  companion login --profile tw --preset public   (the public gateway: its URL, headers and 1 request/s)`,
  options: {
    profile: { type: 'string', value: 'NAME', description: 'Profile to create or update (default: the default profile, else "default").' },
    url: {
      type: 'string',
      value: 'URL',
      description: `The gateway's MCP endpoint. Required for a new profile. https:// is required;
http:// only to loopback addresses.`,
    },
    preset: {
      type: 'string',
      value: 'ID',
      description: `Start from a known gateway: "reference" (the built-in one), "custom" (your own
URL, the spec's headers) or "public" (${GATEWAY_PRESETS.public.url}, headers
${GATEWAY_PRESETS.public.headers.credential} / ${GATEWAY_PRESETS.public.headers.secret}, 1 request/s; credentials from
${GATEWAY_PRESETS.public.credentialsHelp}). Flags given with it win.`,
    },
    'credential-header': {
      type: 'string',
      value: 'NAME',
      description: `The header the gateway reads the access id from (default ${DEFAULT_CREDENTIAL_HEADER}).`,
    },
    'secret-header': {
      type: 'string',
      value: 'NAME',
      description: `The header the gateway reads the secret key from (default ${DEFAULT_SECRET_HEADER}).`,
    },
    rate: {
      type: 'string',
      value: 'N',
      description: `The gateway tier's requests per second (e.g. 1, or 0.5): the bridge and the
playground queue requests to stay under it (default: no pacing).`,
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
    const preset = presetOption(values.preset);
    if (preset?.id === 'reference') {
      if (name !== DEFAULT_PROFILE || values.url !== undefined)
        throw new UsageError(
          `--preset reference is the built-in "${DEFAULT_PROFILE}" profile: run companion login --preset reference without --profile and --url.`,
        );
    }
    const url = values.url ?? preset?.url;

    let existing = await store.get(name);
    if (!existing && name === DEFAULT_PROFILE && url === undefined) existing = await ensureDefaultProfile({ paths, env: io.env });
    if (existing?.kind === 'embedded' && url === undefined) {
      await ensureDefaultProfile({ paths, env: io.env, learnDemoAccount });
      io.stdout.write(
        `Profile "${name}" is the bundled reference gateway (${existing.url}); its demo account is stored in the OS keychain.\nTo use your own gateway: companion login --profile NAME --url URL\n`,
      );
      return 0;
    }
    if (!existing && url === undefined)
      throw new UsageError(`profile "${name}" does not exist yet: give its gateway URL with --url (or --preset public)`);

    const keptCaFile = caFile ?? existing?.caFile;
    const keptTimeout = timeoutSeconds ?? existing?.timeoutSeconds;
    const profile: Profile = {
      name,
      kind: existing?.kind === 'embedded' ? 'embedded' : 'remote',
      url: url ?? (existing as Profile).url,
      ...(keptCaFile ? { caFile: keptCaFile } : {}),
      ...(values['no-proxy'] ? { proxy: false } : existing?.proxy !== undefined ? { proxy: existing.proxy } : {}),
      ...(keptTimeout ? { timeoutSeconds: keptTimeout } : {}),
      ...gatewaySettings(values, preset, existing),
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
        (preset?.credentialsHelp ? `Credentials for this gateway come from ${preset.credentialsHelp}\n` : '') +
        `Check the connection: companion doctor${name === DEFAULT_PROFILE ? '' : ` --profile ${name}`}\n`,
    );
    return 0;
  },
});
