import { describe, expect, it } from 'vitest';
import { ProfileNameArg, profileNameProblem } from './profile-name';

describe('profile names', () => {
  it('accepts plain names up to 64 characters', () => {
    for (const name of ['default', 'work', 'Lab.2_b-c', '9', 'a'.repeat(64)]) expect(profileNameProblem(name), name).toBeUndefined();
  });

  it('refuses what could break a keychain item or a command line, and says the rule', () => {
    for (const name of ['', 'my work', '-debug', '.hidden', '../x', 'a/b', 'é', 'a'.repeat(65)])
      expect(profileNameProblem(name), name).toBe(
        `invalid profile name "${name}": use 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit`,
      );
  });

  it('bounds the IPC argument to the same length, leaving the rule to main', () => {
    expect(ProfileNameArg.safeParse('my work').success).toBe(true);
    expect(ProfileNameArg.safeParse('a'.repeat(64)).success).toBe(true);
    expect(ProfileNameArg.safeParse('a'.repeat(65)).success).toBe(false);
    expect(ProfileNameArg.safeParse('').success).toBe(false);
  });
});
