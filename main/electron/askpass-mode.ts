/**
 * `--git-askpass PROMPT`: git runs the installed app as its askpass helper while the app pushes a
 * registry branch to the user's fork (the runAsNode fuse is off, so the executable cannot run the CLI).
 * Main answers from the keychain and exits: no window, no single-instance lock.
 */
export const ASKPASS_FLAG = '--git-askpass';

/** git's prompt: the argument after the flag (Electron and Chromium switches come before it). */
export function askpassPrompt(argv: readonly string[]): string | undefined {
  const at = argv.indexOf(ASKPASS_FLAG);
  return at < 0 ? undefined : (argv[at + 1] ?? '');
}
