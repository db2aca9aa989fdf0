/**
 * Child process for crash-safety.test.ts: flips one entry's description between "version A" and
 * "version B" through the real planWrite/applyWrite path, as fast as it can, until it is killed.
 * Usage: crash-child <root> <chain> <id> <historyDir> <lockDir>. Prints "idle" once loaded, starts on
 * any input line, prints "wrote" after its first completed write.
 */
import { once } from 'node:events';
import { applyWrite } from './write-apply';
import { planWrite } from './write-plan';
import { readList } from './list-reader';
import { absolute, rel } from './layout';

const [root, chain, id, historyDir, lockDir] = process.argv.slice(2) as [string, string, string, string, string];

async function main(): Promise<void> {
  process.stdout.write('idle\n');
  await once(process.stdin, 'data');
  for (let n = 0; ; n++) {
    const doc = await readList(absolute(root, rel.list(chain)), { path: rel.list(chain) });
    const entry = doc.entries.find((e) => (e as { id?: string }).id === id) as { description: string };
    const next = entry.description === 'version A' ? 'version B' : 'version A';
    const plan = await planWrite(root, { kind: 'update', chain, id, changes: { description: next } }, { override: ['logo-missing'] });
    await applyWrite(plan, { historyDir, lockDir });
    if (n === 0) process.stdout.write('wrote\n');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
