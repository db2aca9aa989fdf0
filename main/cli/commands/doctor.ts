import { defineCommand, UsageError } from '../command';
import { CLIENT_IDS, isClientId } from '../../clients/catalog';
import { currentPathContext } from '../../../platform/credentials/config-paths';
import { validateProfileName } from '../../../platform/credentials/profiles';

export const doctorCommand = defineCommand({
  path: ['doctor'],
  summary: 'Find where the connection from an assistant to the gateway breaks, and how to fix it',
  usage: 'companion doctor [--client NAME] [--profile NAME] [--json]',
  about: `Walks the hops a request travels, in order, and stops at the first broken one with its cause and the
fix in plain words, each hop with its time:
  the assistant's config file (found, parseable, our entry present, its command runs)
  → the environment that assistant passes (e.g. Codex drops variables it is not told to pass)
  → the OS keychain in that environment → the profile and its secret, bound to the profile's address
  → DNS → TCP → TLS (chain and CA, host name, validity dates) → the HTTP answer (status, content
  type, a proxy's HTML page) → the protocol era → credentials accepted → tools/list (count, names,
  schemas) → one harmless call (validate_address) → the upstream's health (rate limit, 429).
Without --client the assistant's hops are skipped and this terminal's environment is used. The
text report hides secrets and can be pasted into a support request as it is.`,
  options: {
    client: {
      type: 'string',
      value: 'NAME',
      description: `Start from this assistant's config: ${CLIENT_IDS.join(', ')}.`,
    },
    profile: {
      type: 'string',
      value: 'NAME',
      description: "Profile to check (default: the assistant entry's profile, else the default profile).",
    },
    json: { type: 'boolean', description: 'Print the report as one JSON object (version, verdict, hops with status, ms, cause, fix).' },
  },
  positionals: false,
  more: 'Exit status: 0 healthy, 1 a hop failed, 2 usage error.',
  async run({ values }, io) {
    const client = values.client;
    if (client !== undefined && !isClientId(client))
      throw new UsageError(`unknown assistant "${client}" for --client; choose one of ${CLIENT_IDS.join(', ')}.`);
    if (values.profile !== undefined) {
      try {
        validateProfileName(values.profile);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    }
    const [{ runDoctor }, { reportText, doctorExitCode }, { startEmbeddedGateway }] = await Promise.all([
      import('../../doctor/run-doctor'),
      import('../../../domain/doctor-report'),
      import('../../bridge-host/index'),
    ]);
    const report = await runDoctor({
      profile: values.profile,
      client,
      env: io.env,
      paths: currentPathContext(io.env),
      embedded: startEmbeddedGateway,
    });
    if (values.json) {
      const { redactSecrets } = await import('../../../domain/redact');
      io.stdout.write(`${JSON.stringify(redactSecrets(report), null, 2)}\n`);
    } else io.stdout.write(`${reportText(report)}\n`);
    return doctorExitCode(report);
  },
});
