import { defineCommand } from '../command';
import { clearCredentials } from '../../../platform/credentials/credentials';
import { KEYCHAIN_SERVICE } from '../../../platform/credentials/keychain';
import { profileFromOption } from './login';

export const logoutCommand = defineCommand({
  path: ['logout'],
  summary: "Remove a profile's credentials from the OS keychain",
  usage: 'companion logout [--profile NAME] [--forget]',
  about: `Deletes the profile's access id and secret key from the OS keychain (service "${KEYCHAIN_SERVICE}",
account NAME). Bridges using the profile then answer with a "run companion login" error.`,
  options: {
    profile: { type: 'string', value: 'NAME', description: 'Profile to log out (default: the default profile, else "default").' },
    forget: { type: 'boolean', description: 'Also remove the profile (URL and settings) from the profiles file.' },
  },
  positionals: false,
  async run({ values }, io) {
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
});
