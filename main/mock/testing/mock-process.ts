/** Test helper: `companion mock <file> --port 0` as a child process, as an operator or CI starts it. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface MockProcess {
  readonly url: string;
  /** Stops the mock (SIGTERM, as Ctrl-C would) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts the mock from this checkout's CLI; resolves with its URL (its first stdout line). */
export async function startMockProcess(file: string, env: NodeJS.ProcessEnv = process.env): Promise<MockProcess> {
  const cli = path.resolve(import.meta.dirname, '../../cli/companion.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'mock', file, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const first = await new Promise<string | undefined>((resolve) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    lines.once('close', () => resolve(undefined));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  if (!first) {
    await stop();
    throw new Error(`companion mock did not start: ${stderr}`);
  }
  return { url: (JSON.parse(first) as { url: string }).url, stop };
}
