/**
 * Installs the interop peers pinned in scripts/interop/peers.json into .cache/peers/<name>, one npm prefix
 * each, so they never touch the project's own node_modules. Idempotent: a peer already at its pinned version
 * is left alone and nothing is fetched. When something is missing and the registry cannot be reached, it
 * says so and exits 1 (the interop tests then skip those peers locally and fail in CI).
 *
 *   npx tsx scripts/interop/install-peers.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PEER_NAMES, installedVersion, isNativeExecutable, peerBin, peerDir, readManifest, type PeerName } from './peers';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function registry(): string {
  const run = spawnSync(npm, ['config', 'get', 'registry'], { encoding: 'utf8', timeout: 30_000 });
  return run.stdout?.trim() || 'https://registry.npmjs.org/';
}

function reachable(): { ok: boolean; why: string } {
  const run = spawnSync(npm, ['ping', '--fetch-timeout=15000', '--fetch-retries=1'], { encoding: 'utf8', timeout: 45_000 });
  if (run.status === 0) return { ok: true, why: '' };
  const why = `${run.stderr ?? ''}${run.stdout ?? ''}`.split('\n').find((l) => /ERR|code|timed out|ENOTFOUND|EAI_AGAIN|ECONN/i.test(l));
  return { ok: false, why: why?.replace(/^npm (error|ERR!)\s*/, '').trim() || (run.error?.message ?? `npm ping exited ${run.status}`) };
}

/** Installs what is missing; returns the peers still missing afterwards. */
export function installPeers(log: (line: string) => void = console.log): PeerName[] {
  const manifest = readManifest();
  const missing = PEER_NAMES.filter((n) => !peerBin(n, manifest[n]));
  if (missing.length === 0) {
    log(`Interop peers: all ${PEER_NAMES.length} installed at their pinned versions (.cache/peers).`);
    return [];
  }
  const ping = reachable();
  if (!ping.ok) {
    log(
      `Interop peers: the npm registry (${registry()}) is unreachable (${ping.why}), so ${missing
        .map((n) => `${manifest[n].package}@${manifest[n].version}`)
        .join(', ')} cannot be installed.`,
    );
    return missing;
  }
  const failed: PeerName[] = [];
  for (const name of missing) {
    const spec = manifest[name];
    const had = installedVersion(name, spec);
    log(`Installing ${spec.package}@${spec.version} into .cache/peers/${name}${had ? ` (replacing ${had})` : ''}…`);
    mkdirSync(peerDir(name), { recursive: true });
    const started = Date.now();
    const run = spawnSync(
      npm,
      ['install', '--prefix', peerDir(name), '--no-audit', '--no-fund', '--loglevel=error', `${spec.package}@${spec.version}`],
      { stdio: ['ignore', 'inherit', 'inherit'], timeout: 15 * 60_000 },
    );
    const bin = peerBin(name, spec);
    if (run.status !== 0 || !bin) {
      log(`  failed: npm install exited ${run.status ?? run.signal}${run.status === 0 ? ', but its command is missing' : ''}.`);
      failed.push(name);
      continue;
    }
    log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s: ${bin}${isNativeExecutable(bin) ? ' (native)' : ''}`);
  }
  return failed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = installPeers().length > 0 ? 1 : 0;
}
