/** What the interop runs observed, kept in test-results/interop/ for the report and the README's "Works with" table. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Handshake, World } from './world';

export async function saveReport(name: string, report: unknown): Promise<void> {
  const dir = path.resolve('test-results', 'interop');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
}

/** The handshakes the world's bridges forwarded, saved under the host's name. */
export async function recordHandshakes(
  world: World,
  host: string,
  version: string,
  extra: Record<string, unknown> = {},
): Promise<Handshake[]> {
  const handshakes = world.handshakes();
  await saveReport(`handshakes-${host}`, { host, version, handshakes, ...extra });
  return handshakes;
}
