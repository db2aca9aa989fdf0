import { describe, expect, it } from 'vitest';
import { askpassPrompt } from './askpass-mode';

describe('--git-askpass', () => {
  it('is absent for a normal launch', () => {
    expect(askpassPrompt(['/opt/Gateway Companion/gateway-companion'])).toBeUndefined();
    expect(askpassPrompt(['/app/gateway-companion', '--mcp-bridge', '--profile', 'work'])).toBeUndefined();
  });

  it("takes git's prompt, the one argument after the flag", () => {
    expect(askpassPrompt(['/app/gateway-companion', '--no-sandbox', '--git-askpass', "Password for 'https://github.com': "])).toBe(
      "Password for 'https://github.com': ",
    );
    expect(askpassPrompt(['/app/gateway-companion', '--git-askpass'])).toBe('');
  });
});
