/**
 * Where a plan reads the registry from: a folder on disk (a clone) or, for a submission without a clone,
 * the files of one commit read through GitHub's API. The planner only needs to know whether a chain has a
 * validators folder and to read a list.json or a logo, so both sources answer the same few questions.
 */
import { getRegistryChain } from '../domain/index';
import { RegistryError, refusalFor } from './errors';
import { assertNoLinkInRegistry, listChainFolders, notARegistryMessage, readRegistryFile, rel } from './layout';

export interface RegistrySource {
  /** The registry folder, or a label such as `trustwallet/assets@1a2b3c4` for a remote source. */
  readonly where: string;
  /** True when the files come from a remote repository (messages then say so instead of "your copy"). */
  readonly remote: boolean;
  /** Whether `blockchains/<chain>/validators` exists. */
  hasChain(chain: string): Promise<boolean>;
  /** Chain folders with a validators folder, sorted (for messages; empty when this is not a registry at all). */
  listChains(): Promise<string[]>;
  /** A file by its registry-relative path, or null when it does not exist. Throws a RegistryError when it cannot be read. */
  readFile(relPath: string): Promise<Buffer | null>;
}

/**
 * A registry folder on disk (a clone of the assets repository). What it reads is what a plan writes (here or
 * in a pull request), so, like every write, it never reads through a symbolic link: a linked `assets/<id>`
 * would otherwise plan from, and write over, another validator's logo.
 */
export function folderSource(root: string): RegistrySource {
  let chains: Promise<string[]> | undefined;
  const list = () => (chains ??= listChainFolders(root));
  return {
    where: root,
    remote: false,
    async hasChain(chain) {
      return (await list()).includes(chain);
    },
    listChains: list,
    async readFile(relPath) {
      await assertNoLinkInRegistry(root, relPath);
      return readRegistryFile(root, relPath).catch((error: unknown) => {
        throw refusalFor(error, relPath.endsWith('/list.json') ? 'list-unparseable' : 'file-unreadable');
      });
    },
  };
}

/** The refusal for a chain the source has no validators folder for. */
export async function missingChainError(source: RegistrySource, chain: string): Promise<RegistryError> {
  const chains = await source.listChains();
  if (chains.length === 0 && !source.remote) return new RegistryError('not-a-registry', notARegistryMessage(source.where));
  const known = getRegistryChain(chain);
  if (known)
    return new RegistryError(
      'unknown-chain',
      source.remote
        ? `${source.where} has no folder for ${known.name} (${rel.validators(chain)}).`
        : `This registry has no folder for ${known.name} (${rel.validators(chain)}). Update your copy of the registry.`,
    );
  return new RegistryError(
    'unknown-chain',
    `"${chain}" is not a chain of ${source.remote ? source.where : 'this registry'}.${chains.length ? ` Chains: ${chains.join(', ')}.` : ''}`,
  );
}
