// An error that sends the user to `companion <command> --help` must name a command whose help explains it:
// the keychain's "opt in to environment credentials" remedy points at the help that documents the variable.
import { describe, expect, it } from 'vitest';
import { ENV_OPT_IN } from '../../platform/credentials/credentials';
import { explainKeychainError } from '../../platform/credentials/keychain';
import { commands } from './commands/index';
import { main } from './main';
import { captureIo } from './test-io';

/** The help `companion <words> --help` prints. */
async function helpOf(words: string[]): Promise<{ code: number; out: string }> {
  const c = captureIo();
  const code = await main([...words, '--help'], c.io);
  return { code, out: c.out() };
}

describe('help pointers in error messages', () => {
  it.each([
    ['no session bus', new Error('DBUS_SESSION_BUS_ADDRESS is not set')],
    ['no Secret Service', new Error('org.freedesktop.secrets was not provided by any .service files')],
  ])('the keychain remedy (%s) points at a help that documents %s', async (_what, error) => {
    const remedy = explainKeychainError(error).remedy;
    const pointer = /`companion ([a-z][a-z ]*?) --help`/.exec(remedy);
    expect(pointer, remedy).not.toBeNull();
    const words = pointer![1]!.split(' ');
    expect(commands.some((c) => c.path.join(' ') === words.join(' '))).toBe(true);
    const help = await helpOf(words);
    expect(help.code).toBe(0);
    expect(help.out).toContain(`${ENV_OPT_IN}=env`);
  });
});
