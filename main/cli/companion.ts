#!/usr/bin/env node
import './early-flags';
import { main } from './main';
import type { CliIo } from './command';

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
