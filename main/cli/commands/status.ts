import { defineCommand } from '../command';
import { credentialStatus, ENV_OPT_IN, ENV_SECRET_KEY, type CredentialStatus } from '../../../platform/credentials/credentials';
import { DEFAULT_PROFILE, EMBEDDED_URL, embeddedCaFile } from '../../../platform/credentials/default-profile';
import { KEYCHAIN_SERVICE } from '../../../platform/credentials/keychain';
import type { Profile } from '../../../platform/credentials/profiles';
import { profileFromOption } from './login';

function credentialLine(name: string, c: CredentialStatus): string {
  if (c.source === 'environment') {
    return c.stored
      ? `from the environment (${ENV_OPT_IN}=env opt-in; the keychain is not used)`
      : `environment opt-in is set but unusable: ${c.environmentError}`;
  }
  if (c.originMismatch) return c.originMismatch.message;
  if (c.keychainError) return `unknown: ${c.keychainError.message}`;
  if (c.stored) return `stored in the OS keychain (service "${KEYCHAIN_SERVICE}", account "${name}")`;
  return `not stored; run: companion login${name === DEFAULT_PROFILE ? '' : ` --profile ${name}`}`;
}

function proxyLine(profile: Profile, env: NodeJS.ProcessEnv): string {
  if (profile.proxy === false) return 'off for this profile';
  const proxy = env.https_proxy ?? env.HTTPS_PROXY ?? env.http_proxy ?? env.HTTP_PROXY;
  if (!proxy) return 'none (no HTTPS_PROXY set)';
  const noProxy = env.no_proxy ?? env.NO_PROXY;
  return `${proxy.replace(/\/\/[^@/]*@/, '//***@')}${noProxy ? ` (NO_PROXY=${noProxy})` : ''}`;
}

export const statusCommand = defineCommand({
  path: ['status'],
  summary: 'Show a profile, whether its credentials are stored, and test the connection',
  usage: 'companion status [--profile NAME] [--json] [--offline]',
  about: `Shows a profile's gateway URL and settings, whether its credentials are stored (never their values)
and where they come from (the OS keychain, or the environment opt-in ${ENV_OPT_IN}=env), then
tests the connection through the bridge: initialize, ping and session close, with the latency and
the server's name and protocol version. For the built-in "default" profile the reference gateway
is started for the test if it is not running.`,
  options: {
    profile: { type: 'string', value: 'NAME', description: 'Profile to check (default: the default profile, else "default").' },
    json: { type: 'boolean', description: 'Print one JSON object instead of text.' },
    offline: { type: 'boolean', description: 'Skip the connection test.' },
  },
  positionals: false,
  more: 'Exit status: 0 when the connection works (or --offline and credentials are stored), else 1.',
  async run({ values }, io) {
    const { paths, store, name } = await profileFromOption(values.profile, io.env);
    const stored = await store.get(name);
    // The built-in profile exists implicitly until first use writes it.
    const profile: Profile | undefined = stored ?? (name === DEFAULT_PROFILE ? { name, kind: 'embedded', url: EMBEDDED_URL } : undefined);
    if (!profile)
      throw new Error(`there is no profile named "${name}" in ${store.file}; create it with: companion login --profile ${name} --url URL`);
    const credentials = await credentialStatus(name, { env: io.env, origin: profile.url });
    const embedded = profile.kind === 'embedded';

    let connection: Awaited<ReturnType<typeof import('../../../bridge/probe').probeProfile>> | undefined;
    if (!values.offline && (credentials.stored || embedded)) {
      const [{ probeProfile }, { createLogger }, { startEmbeddedGateway }] = await Promise.all([
        import('../../../bridge/probe'),
        import('../../../bridge/logger'),
        import('../../bridge-host/index'),
      ]);
      connection = await probeProfile({
        profile: name,
        env: io.env,
        paths,
        log: createLogger({ debug: false, tag: 'status' }),
        embedded: startEmbeddedGateway,
      });
    }
    const ignored = credentials.environmentIgnored
      ? `${ENV_SECRET_KEY} is set but ignored: set ${ENV_OPT_IN}=env to use environment credentials`
      : undefined;

    if (values.json) {
      io.stdout.write(
        `${JSON.stringify({ profile, profilesFile: store.file, credentials: { ...credentials, service: KEYCHAIN_SERVICE, account: name }, ...(connection ? { connection } : {}), ...(ignored ? { warning: ignored } : {}) }, null, 2)}\n`,
      );
    } else {
      const lines = [
        `Profile:      ${name} (${embedded ? 'embedded reference gateway' : 'remote'})${stored ? '' : ' (built in, not yet saved)'}`,
        `URL:          ${profile.url}`,
        `Trust:        ${embedded ? `the reference gateway's CA (${profile.caFile ?? embeddedCaFile(paths)})` : `${profile.caFile ? `CA file ${profile.caFile}` : 'system CA store'}${io.env.NODE_EXTRA_CA_CERTS ? ` + NODE_EXTRA_CA_CERTS (${io.env.NODE_EXTRA_CA_CERTS})` : ''}`}`,
        `Proxy:        ${embedded ? 'never for loopback' : proxyLine(profile, io.env)}`,
        `Credentials:  ${embedded && !credentials.stored && !credentials.keychainError ? 'the reference gateway demo account (stored in the keychain on first use)' : credentialLine(name, credentials)}`,
        ...(ignored ? [`Warning:      ${ignored}`] : []),
        `Profiles:     ${store.file}`,
      ];
      if (connection?.ok) {
        lines.push(`Connection:   ok, ping ${connection.latencyMs?.toFixed(1)} ms (initialize ${connection.initializeMs?.toFixed(0)} ms)`);
        lines.push(
          `Server:       ${connection.serverName ?? '?'} ${connection.serverVersion ?? ''}, protocol ${connection.protocolVersion ?? '?'}`,
        );
      } else if (connection) {
        lines.push(`Connection:   FAILED: ${connection.error?.message ?? 'unknown error'}`);
      } else {
        lines.push(`Connection:   ${values.offline ? 'not tested (--offline)' : 'not tested: no credentials'}`);
      }
      io.stdout.write(`${lines.join('\n')}\n`);
    }
    if (connection) return connection.ok ? 0 : 1;
    return credentials.stored || embedded ? 0 : 1;
  },
});
