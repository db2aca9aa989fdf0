import { parseArgs } from 'node:util';
import type { Command } from '../command';
import { clearCredentials } from '../../../platform/credentials/credentials';
import { KEYCHAIN_SERVICE } from '../../../platform/credentials/keychain';
import { profileFromOption } from './login';

export const logoutCommand: Command = {
  path: ['logout'],
  summary: "Remove a profile's credentials from the OS keychain",
  help: `Usage: companion logout [--profile NAME] [--forget]

Deletes the profile's access id and secret key from the OS keychain (service "${KEYCHAIN_SERVICE}",
account NAME). Bridges using the profile then answer with a "run companion login" error.

Options:
  --profile NAME  Profile to log out (default: the default profile, else "default").
  --forget        Also remove the profile (URL and settings) from the profiles file.`,
  async run(argv, io) {
    const { values } = parseArgs({
      args: [...argv],
      options: { profile: { type: 'string' }, forget: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    });
    const { store, name } = await profileFromOption(values.profile, io.env);
    const removed = await clearCredentials(name);
    io.stdout.write(
      removed
        ? `Removed the credentials of profile "${name}" from the OS keychain.\n`
        : `No credentials were stored for profile "${name}".\n`,
    );
    if (values.forget) {
      const forgotten = await store.remove(name);
      io.stdout.write(forgotten ? `Removed profile "${name}" from ${store.file}.\n` : `There was no profile "${name}" in ${store.file}.\n`);
    }
    return 0;
  },
};
