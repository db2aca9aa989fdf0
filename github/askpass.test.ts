// The askpass helper's answers: only git's two prompts, only for the push's own server, the token from the
// store bound to the API origin. (The push through it, with real git and the OS keychain, is tested in
// main/services/local-submission.test.ts.)
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerAskpass, askpassEnvironment, withAskpassScript } from './askpass';
import { memoryKeychain } from './testing/memory-keychain';
import { TokenStore } from './token-store';

const API = 'https://ghe.example/api/v3';
const PUSH = 'https://ghe.example/octo/assets.git';
const TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuvwxyz';

async function store(env: NodeJS.ProcessEnv): Promise<TokenStore> {
  const s = new TokenStore(memoryKeychain(), env);
  await s.set(API, TOKEN, 'octo');
  return s;
}

describe('answerAskpass', () => {
  const env = { COMPANION_GITHUB_API_URL: API, COMPANION_ASKPASS_URL: PUSH, COMPANION_ASKPASS_LOGIN: 'octo' };

  it("answers git's user name and password prompts for the push's server only", async () => {
    const s = await store(env);
    expect(await answerAskpass("Username for 'https://ghe.example': ", env, s)).toBe('octo');
    expect(await answerAskpass("Password for 'https://octo@ghe.example': ", env, s)).toBe(TOKEN);
    await expect(answerAskpass("Password for 'https://evil.example': ", env, s)).rejects.toThrow(
      'the GitHub token is given only to https://ghe.example, not to https://evil.example.',
    );
    await expect(answerAskpass("Password for 'http://ghe.example': ", env, s)).rejects.toThrow('not to http://ghe.example');
    await expect(answerAskpass('Enter passphrase for key: ', env, s)).rejects.toThrow("only git's user name and password prompts");
  });

  it('refuses without a push of its own, and when signed out', async () => {
    const { COMPANION_ASKPASS_URL: _url, ...noPush } = env;
    await expect(answerAskpass("Password for 'https://ghe.example': ", noPush, await store(noPush))).rejects.toThrow(
      'only to a push the app started itself',
    );
    await expect(answerAskpass("Password for 'https://ghe.example': ", env, new TokenStore(memoryKeychain(), env))).rejects.toThrow(
      'not signed in to GitHub',
    );
    // A token stored for another API origin is not this one's.
    const other = { ...env, COMPANION_GITHUB_API_URL: 'https://api.github.com' };
    await expect(answerAskpass("Password for 'https://ghe.example': ", other, await store(other))).rejects.toThrow('not signed in');
  });

  it('passes COMPANION_GITHUB_TOKEN on only when the user set it, and sets no secret itself', () => {
    const set = askpassEnvironment('/tmp/x/askpass.sh', PUSH, 'octo', API, { COMPANION_GITHUB_TOKEN: TOKEN });
    expect(set['COMPANION_GITHUB_TOKEN']).toBe(TOKEN);
    const own = askpassEnvironment('/tmp/x/askpass.sh', PUSH, 'octo', API, {});
    expect(own).toEqual({
      GIT_ASKPASS: '/tmp/x/askpass.sh',
      COMPANION_ASKPASS_URL: PUSH,
      COMPANION_ASKPASS_LOGIN: 'octo',
      COMPANION_GITHUB_API_URL: API,
    });
  });
});

describe('withAskpassScript', () => {
  it("runs the program with git's prompt from a private launcher that is removed afterwards", async () => {
    let path = '';
    const out = await withAskpassScript(
      { command: process.execPath, args: ['-e', "process.stdout.write('got:' + process.argv[1])", '--'] },
      async (script) => {
        path = script;
        expect(statSync(script).mode & 0o777).toBe(0o700);
        return execFileSync(script, ["Password for 'it''s': "], { encoding: 'utf8' });
      },
    );
    expect(out).toBe("got:Password for 'it''s': ");
    expect(existsSync(path)).toBe(false);
  });
});
