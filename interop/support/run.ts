/** Runs a peer's command to completion with a deadline, killing its whole process group (and the bridges it started) on time-out. */
import { spawn } from 'node:child_process';

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  readonly ms: number;
}

export interface RunOptions {
  /** The whole environment: nothing is inherited from the test process. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly timeoutMs: number;
  /** Written to stdin, which is then closed (default: closed at once, as in CI). */
  readonly input?: string;
}

export function run(command: readonly string[], args: readonly string[], options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const [file, ...pre] = command;
  const child = spawn(file!, [...pre, ...args], {
    cwd: options.cwd,
    env: { ...options.env },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.on('error', () => undefined);
  child.stdin.end(options.input ?? '');
  let timedOut = false;
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, options.timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(); // servers a host left behind
      resolve({ code, signal, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/** A one-line account of a run, for assertion messages. */
export function describeRun(r: RunResult): string {
  const tail = (s: string) => s.trim().split('\n').slice(-15).join('\n');
  return `exit ${r.code ?? r.signal}${r.timedOut ? ' (timed out)' : ''} after ${r.ms} ms\n--- stdout\n${tail(r.stdout)}\n--- stderr\n${tail(r.stderr)}`;
}
