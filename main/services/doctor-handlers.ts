import { reportText } from '../../domain/doctor-report';
import { redactSecrets } from '../../domain/redact';
import { currentPathContext, type PathContext } from '../../platform/credentials/config-paths';
import type { Keychain } from '../../platform/credentials/keychain';
import { startEmbeddedGateway } from '../bridge-host/index';
import { runDoctor } from '../doctor/run-doctor';
import type { Handlers } from './dispatch';

export interface DoctorDeps {
  readonly env?: NodeJS.ProcessEnv;
  readonly paths?: PathContext;
  readonly keychain?: Keychain;
}

/** The connection doctor behind the Doctor panel: the same run as `companion doctor`, report and text redacted. */
export function doctorHandlers(deps: DoctorDeps = {}): Pick<Handlers, 'doctor:run'> {
  const env = deps.env ?? process.env;
  const paths = deps.paths ?? currentPathContext(env);
  return {
    'doctor:run': async ({ client, profile }) => {
      const report = await runDoctor({
        client,
        profile,
        env,
        paths,
        embedded: startEmbeddedGateway,
        ...(deps.keychain ? { keychain: deps.keychain } : {}),
      });
      const safe = redactSecrets(report);
      return { report: { ...safe, hops: [...safe.hops] }, text: reportText(report) };
    },
  };
}
