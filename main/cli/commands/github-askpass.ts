/**
 * `companion github askpass PROMPT`: what git runs (as GIT_ASKPASS) during `companion registry push` and
 * the wizard's "Push and open pull request". It prints the GitHub token from the OS keychain (or
 * COMPANION_GITHUB_TOKEN) to git through a pipe, and only for the server that push goes to.
 */
import { defineCommand, UsageError, type Command } from '../command';

export const githubAskpassCommand = defineCommand({
  path: ['github', 'askpass'],
  summary: "Answers git's password prompt during a push the app started (not for direct use)",
  usage: 'companion github askpass PROMPT',
  about: `git runs this as its GIT_ASKPASS program while "companion registry push" (or the app's "Push and open
pull request") pushes to your fork. It answers "Username for '…'" with your GitHub login and "Password
for '…'" with the token from the OS keychain (or COMPANION_GITHUB_TOKEN), and only for the server named by
COMPANION_ASKPASS_URL, which that push sets. Run by hand it refuses.`,
  options: {},
  positionals: true,
  more: "Exit code: 0 with the answer on standard output, 1 when it refuses (git's push then fails).",
  async run({ positionals }, io) {
    if (positionals.length !== 1) throw new UsageError("expected git's prompt as the only argument.");
    const { answerAskpass } = await import('../../../github/askpass');
    try {
      io.stdout.write(`${await answerAskpass(positionals[0]!, io.env)}\n`);
      return 0;
    } catch (error) {
      io.stderr.write(`Gateway Companion: ${(error as Error).message}\n`);
      return 1;
    }
  },
});

export const githubAskpassCommands: readonly Command[] = [githubAskpassCommand];
