/** The installed peers as the tests see them: how to run each, and whether a missing one skips or fails. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { isNativeExecutable, peerBin, readManifest, type PeerName } from '../../scripts/interop/peers';

const manifest = readManifest();

/** In CI every peer must be there: a missing one is a failure, not a skip. */
export const IN_CI = Boolean(process.env.CI);

export interface Peer {
  readonly name: PeerName;
  readonly package: string;
  readonly version: string;
  /** argv[0..] that runs the peer's command: the Node 22 binary and a script, or a native executable. */
  readonly command: readonly string[];
}

export const nodeBin = (): string | undefined => peerBin('node', manifest.node);

/** The peer, or undefined (with the reason) when it is not installed or needs the Node 22 peer that is not. */
export function findPeer(name: Exclude<PeerName, 'node'>): { peer?: Peer; missing?: string } {
  const spec = manifest[name];
  const bin = peerBin(name, spec);
  const why = `${spec.package}@${spec.version} is not installed in .cache/peers/${name}: run npx tsx scripts/interop/install-peers.ts`;
  if (!bin) return { missing: why };
  if (isNativeExecutable(bin)) return { peer: { name, package: spec.package, version: spec.version, command: [bin] } };
  const node = nodeBin();
  if (!node) return { missing: `${spec.package} runs on Node ${manifest.node.version} from the npm registry, which is not installed` };
  return { peer: { name, package: spec.package, version: spec.version, command: [node, bin] } };
}

/** mcp-remote is a devDependency of the project: it runs on this Node, as users run it with npx. */
export function mcpRemote(): { command: string[]; version: string } | undefined {
  const pkg = path.resolve('node_modules/mcp-remote/package.json');
  if (!existsSync(pkg)) return undefined;
  const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  return { command: [process.execPath, path.resolve('node_modules/mcp-remote/dist/proxy.js')], version };
}

/**
 * A describe block for one peer. Its first test says whether the peer is installed: it fails in CI and
 * skips (with the reason) elsewhere. The peer's own tests are defined only when it is there.
 */
export function describePeer(name: Exclude<PeerName, 'node'>, body: (peer: Peer) => void): void {
  const { peer, missing } = findPeer(name);
  const spec = manifest[name];
  describe(`${spec.package}@${spec.version}`, () => {
    it('is installed', (ctx) => {
      if (peer) return;
      if (IN_CI) throw new Error(missing);
      ctx.skip(missing);
    });
    if (peer) body(peer);
  });
}
