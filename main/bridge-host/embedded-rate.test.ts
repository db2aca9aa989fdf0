import { describe, expect, it } from 'vitest';
import { EMBEDDED_RATE_ENV, embeddedRate } from './embedded-gateway';

describe('the embedded gateway’s emulated tier', () => {
  it('is off unless GATEWAY_COMPANION_EMBEDDED_RATE names requests per second', () => {
    expect(embeddedRate({})).toBeUndefined();
    expect(embeddedRate({ [EMBEDDED_RATE_ENV]: '' })).toBeUndefined();
    expect(embeddedRate({ [EMBEDDED_RATE_ENV]: '1' })).toBe(1);
    expect(embeddedRate({ [EMBEDDED_RATE_ENV]: '0.5' })).toBe(0.5);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['0', '-1', 'fast', '1e3', '5000'])
      expect(() => embeddedRate({ [EMBEDDED_RATE_ENV]: bad })).toThrow(/GATEWAY_COMPANION_EMBEDDED_RATE must be/);
  });
});
