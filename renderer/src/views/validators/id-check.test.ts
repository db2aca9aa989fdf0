import { describe, expect, it } from 'vitest';
import { checkIdInput } from './id-check';

describe('the wizard’s live id check', () => {
  it('refuses, as the registry engine does, an id that cannot be a folder name on every system', () => {
    expect(checkIdInput('iotex', 'longz', [])).toEqual({ kind: 'valid', value: 'longz', normalised: false });
    expect(checkIdInput('iotex', 'con', [])).toMatchObject({
      kind: 'invalid',
      code: 'not-portable',
      message: expect.stringMatching(/^The id is a device name Windows reserves .+ so it cannot be used\.$/),
    });
  });
});
