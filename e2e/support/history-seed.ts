import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The asset id of the `i`-th call `seedHistory` writes (each call prices one distinct token). */
export const seededAsset = (i: number) => `c60_t0x${i.toString(16).padStart(40, '0')}`;

/** `count` earlier playground calls in the history of the app whose HOME is `home`, as the app writes them, oldest first. */
export function seedHistory(home: string, count: number): void {
  const dir = join(home, '.config', 'gateway-companion', 'playground');
  mkdirSync(dir, { recursive: true });
  const at = Date.now() - count * 60_000;
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      add: {
        id: `seeded-${i}`,
        tool: 'get_token_prices',
        arguments: { assetIds: [seededAsset(i)] },
        profile: 'default',
        startedAt: at + i * 60_000,
        durationMs: 12 + (i % 40),
        status: 'ok',
        bytes: 900 + i,
      },
    }),
  );
  writeFileSync(join(dir, 'history.jsonl'), `${lines.join('\n')}\n`);
}
