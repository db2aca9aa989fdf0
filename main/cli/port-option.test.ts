import { describe, expect, it } from 'vitest';
import { UsageError } from './command';
import { portOption } from './port-option';

describe('--port', () => {
  it('takes a whole number from 0 to 65535', () => {
    expect([portOption('0'), portOption('8080'), portOption('65535')]).toEqual([0, 8080, 65_535]);
  });

  it.each(['65536', '-1', '1e3', '80.5', ' 80', '0x50', ''])('refuses "%s" as bad usage, quoting it', (text) => {
    expect(() => portOption(text)).toThrow(UsageError);
    expect(() => portOption(text)).toThrow(`got "${text}"`);
  });
});
