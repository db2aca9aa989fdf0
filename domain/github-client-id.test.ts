import { describe, expect, it } from 'vitest';
import { clientIdKind, clientIdProblem } from './github-client-id';

describe('GitHub client ids', () => {
  // Forms as GitHub issues them (published client ids of public apps).
  it.each([
    ['Ov23linvCi8kvFipqMHh', 'oauth-app'],
    ['01ab8ac9400c4e429b23', 'oauth-app'],
    ['Iv23liZofBDOUS5F5z2g', 'github-app'],
    ['Iv1.db596c9b4e9b0447', 'github-app'],
  ])('accepts %s (%s)', (id, kind) => {
    expect(clientIdProblem(id)).toBeUndefined();
    expect(clientIdKind(id)).toBe(kind);
    // Pasted with spaces or a line break around it.
    expect(clientIdProblem(` ${id}\n`)).toBeUndefined();
  });

  it.each([
    ['', 'Enter the client id.'],
    ['   ', 'Enter the client id.'],
    ['ghp_0123456789abcdefghijklmnopqrstuvwxyz', 'This is a GitHub token, not a client id'],
    ['github_pat_11AAAAAAA0abcdef', 'This is a GitHub token, not a client id'],
    ['0123456789abcdef0123456789abcdef01234567', "looks like the app's client secret"],
    ['Ov23li nvCi8kvFipqMH', 'A client id has no spaces.'],
    ['my-oauth-app', 'This is not a GitHub client id (it is 12 characters in an unknown form).'],
    ['Ov23linvCi8kvFipqMH', 'This is not a GitHub client id'],
    ['Ov23linvCi8kvFipqMHhX', 'This is not a GitHub client id'],
    ['01AB8AC9400C4E429B23', 'This is not a GitHub client id'],
    ['Iv1.db596c9b4e9b044', 'This is not a GitHub client id'],
  ])('refuses %j in plain words, saying where the real one is', (value, message) => {
    const problem = clientIdProblem(value);
    expect(problem).toContain(message);
    expect(problem).toContain('Developer settings → OAuth Apps');
    expect(clientIdKind(value)).toBeUndefined();
  });
});
