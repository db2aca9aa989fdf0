/**
 * Child process for registry/crash-safety.test.ts, writing through the real planWrite/applyWrite path
 * (bundled by bundle-child.ts). The real command line's child is main/cli/testing/registry-crash-child.ts.
 *   flip <root> <chain> <historyDir> <lockDir> <id>
 *       Flips the entry's description between "version A" and "version B" as fast as it can until
 *       killed. Prints "idle" once loaded, starts on any input line, prints "wrote" after its first write.
 *   append <root> <chain> <historyDir> <lockDir> <prefix> <count>
 *       Appends entries <prefix>-0 … <prefix>-<count-1>; when refused because another process wrote
 *       first, plans again from the new file. Prints "refused <n>" and exits.
 */
import { once } from 'node:events';
import { RegistryError } from '../errors';
import { absolute, rel } from '../layout';
import { readList } from '../list-reader';
import { applyWrite } from '../write-apply';
import { planWrite } from '../write-plan';

const [mode, root, chain, historyDir, lockDir, arg1, arg2] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string?,
];
const options = { historyDir, lockDir };
const override = ['logo-missing', 'id-invalid'];

async function flip(id: string): Promise<void> {
  process.stdout.write('idle\n');
  await once(process.stdin, 'data');
  for (let n = 0; ; n++) {
    const doc = await readList(absolute(root, rel.list(chain)), { path: rel.list(chain) });
    const entry = doc.entries.find((e) => (e as { id?: string }).id === id) as { description: string };
    const next = entry.description === 'version A' ? 'version B' : 'version A';
    // Planning first finishes what a killed writer left, in this test's history folder: planned without it, the
    // plan would be made from the half-done list that applyWrite then rolls back, and be refused as stale.
    await applyWrite(
      await planWrite(root, { kind: 'update', chain, id, changes: { description: next } }, { override, ...options }),
      options,
    );
    if (n === 0) process.stdout.write('wrote\n');
  }
}

async function append(prefix: string, count: number): Promise<void> {
  let refused = 0;
  for (let n = 0; n < count; n++) {
    const entry = { id: `${prefix}-${n}`, name: `${prefix} ${n}`, description: 'Concurrent writer test.', website: 'https://example.org' };
    for (;;) {
      try {
        await applyWrite(await planWrite(root, { kind: 'add', chain, entry }, { override, ...options }), options);
        break;
      } catch (error) {
        if (!(error instanceof RegistryError) || error.code !== 'changed-on-disk') throw error;
        refused++;
      }
    }
  }
  process.stdout.write(`refused ${refused}\n`);
}

(mode === 'flip' ? flip(arg1) : append(arg1, Number(arg2))).catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
