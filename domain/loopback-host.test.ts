import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback-host';

/** Hosts as a URL's `hostname` gives them, or bare as a Host header or a bind address names them. */
const TABLE: ReadonlyArray<readonly [host: string, loopback: boolean]> = [
  ['localhost', true],
  ['LOCALHOST', true],
  ['127.0.0.1', true],
  ['127.1.2.3', true],
  ['127.255.255.255', true],
  ['::1', true],
  ['[::1]', true],
  ['[0:0:0:0:0:0:0:1]', true],
  ['0000:0000:0000:0000:0000:0000:0000:0001', true],
  ['[::ffff:127.0.0.1]', true],
  ['::ffff:127.9.9.9', true],
  // What the URL parser makes of [::ffff:127.0.0.1] and [::ffff:127.255.0.1].
  ['[::ffff:7f00:1]', true],
  ['[::ffff:7fff:1]', true],
  // Names are remote whatever they resolve to.
  ['app.localhost', false],
  ['evil.localhost', false],
  ['localhost.', false],
  ['localhost.example.com', false],
  ['127.0.0.1.nip.io', false],
  ['loopback', false],
  // Not loopback addresses, or not literal dotted quads.
  ['128.0.0.1', false],
  ['126.255.255.255', false],
  ['0.0.0.0', false],
  ['10.0.0.1', false],
  ['127.0.0', false],
  ['127.0.0.1.1', false],
  ['127.0.0.256', false],
  ['0127.0.0.1', false],
  ['2130706433', false],
  ['0x7f000001', false],
  ['::', false],
  ['[::2]', false],
  ['::1:0', false],
  ['[::1%lo]', false],
  ['[::ffff:128.0.0.1]', false],
  ['[::ffff:8000:1]', false],
  ['[::fffe:127.0.0.1]', false],
  ['[1::1]', false],
  ['[::1]:80', false],
  ['1:2:3:4:5:6:7:8:9', false],
  ['', false],
];

describe('isLoopbackHost', () => {
  it.each(TABLE)('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it('agrees with the URL parser: a loopback URL keeps counting as loopback after normalisation', () => {
    for (const written of ['http://127.1/', 'http://[::ffff:127.0.0.1]/', 'http://LocalHost:80/', 'http://[0::1]/'])
      expect(isLoopbackHost(new URL(written).hostname)).toBe(true);
    for (const written of ['http://a.localhost/', 'http://[::ffff:10.0.0.1]/', 'http://localhost./'])
      expect(isLoopbackHost(new URL(written).hostname)).toBe(false);
  });
});
