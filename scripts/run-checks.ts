import { spawn } from 'node:child_process';

export interface Check {
  /** The heading its output is printed under. */
  readonly title: string;
  readonly cmd: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** Started before checks of a lower priority (give the longest the highest, so no core idles at the end). */
  readonly priority?: number;
}

export interface CheckResult {
  readonly status: number;
  /** Its standard output and error, interleaved as they arrived. */
  readonly output: string;
  readonly seconds: number;
}

// A check that prints more than this is broken anyway; the start of its output says why.
const MAX_OUTPUT = 8 * 1024 * 1024;

function runOne(check: Check, cwd: string, env: NodeJS.ProcessEnv): Promise<CheckResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = 0;
    const keep = (chunk: Buffer) => {
      if (size + chunk.length > MAX_OUTPUT) {
        cut += chunk.length;
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    const child = spawn(check.cmd, check.args, { cwd, env: { ...env, ...check.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const done = (status: number, extra = '') => {
      let output = Buffer.concat(chunks).toString('utf8');
      if (cut > 0) output += `\n… ${cut} more bytes of output left out.\n`;
      resolve({ status, output: output + extra, seconds: (performance.now() - started) / 1000 });
    };
    child.once('error', (error) => done(1, `\n${check.cmd} could not start: ${error.message}\n`));
    child.once('close', (code, signal) => done(code ?? 1, signal ? `\n${check.cmd} ended by ${signal}.\n` : ''));
  });
}

/**
 * Runs independent checks at most `slots` at a time, the highest priority first, each with its output held
 * back. Each result goes to `report` in the order the checks were given, as soon as it and every check before
 * it have finished, so the log reads as if they had run one after another. Resolves with the results in that order.
 */
export async function runChecks(
  checks: readonly Check[],
  options: { slots: number; cwd: string; env?: NodeJS.ProcessEnv; report: (check: Check, result: CheckResult) => void },
): Promise<CheckResult[]> {
  const env = options.env ?? process.env;
  const results: Array<Promise<CheckResult> | undefined> = checks.map(() => undefined);
  const queue = checks.map((check, index) => ({ check, index })).sort((a, b) => (b.check.priority ?? 0) - (a.check.priority ?? 0));
  const starters: Array<() => void> = [];
  const startNext = () => {
    const next = queue.shift();
    if (!next) return;
    results[next.index] = runOne(next.check, options.cwd, env).finally(startNext);
    for (const wake of starters.splice(0)) wake();
  };
  for (let i = 0; i < Math.max(1, options.slots) && queue.length > 0; i++) startNext();

  const settled: CheckResult[] = [];
  for (const [index, check] of checks.entries()) {
    // A check later in the list may start only when a slot frees: wait until it has.
    while (!results[index]) await new Promise<void>((wake) => starters.push(wake));
    const result = await results[index];
    options.report(check, result);
    settled.push(result);
  }
  return settled;
}
