import { describe, expect, it } from 'vitest';
import { fromBinaryCall, toBinaryCall } from './binary-call';

describe('binary calls (browser mode)', () => {
  it('carries the bytes as the body and every other argument, any text included, in the header', () => {
    const bytes = new Uint8Array([0, 1, 255]);
    const call = toBinaryCall('registry:uploadLogoPart', ['logo-ä ✓\n', 3, bytes])!;
    expect(call.body).toBe(bytes);
    expect(call.header).toMatch(/^[\x21-\x7e]+$/);
    expect(fromBinaryCall(call.header, call.body)).toEqual({
      channel: 'registry:uploadLogoPart',
      args: ['logo-ä ✓\n', 3, bytes],
    });
  });

  it('leaves calls without bytes to JSON', () => {
    expect(toBinaryCall('app:ping', ['hi'])).toBeUndefined();
  });

  it('refuses headers it did not make', () => {
    const body = new Uint8Array(1);
    for (const header of [
      '%E0%A4%A',
      'not json',
      'null',
      '{"channel":"x","args":[],"binary":0}',
      '{"channel":"x","args":["a"],"binary":0}',
      '{"channel":"x","args":[null],"binary":1.5}',
    ])
      expect(fromBinaryCall(header, body)).toBeUndefined();
  });
});
