#!/usr/bin/env node
import './early-flags';
import type { CliIo } from './command';

// Loaded only now, after early-flags has turned on the compile cache: every static import of a module
// is compiled before its body runs, so the commands must not be static imports of this entry.
const { main } = await import('./main');
const io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`companion: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
