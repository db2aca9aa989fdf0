/** Test helper: a CliIo whose output is captured as text (for in-process command tests). */
import { PassThrough } from 'node:stream';
import type { CliIo } from './command';

export function captureIo(env: NodeJS.ProcessEnv = {}): { io: CliIo; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  return { io: { stdout, stderr, stdin: new PassThrough(), env }, out: () => out, err: () => err };
}
