/**
 * The upstream registry as the wizard reads it in remote mode: its head and the few files a step needs,
 * read through GitHub's API (anonymous, or with the signed-in token for the higher rate limit). The head
 * is kept for a minute and each folder listing once per commit, so moving between steps costs GitHub
 * almost nothing; choosing the registry or a chain again reads the head afresh.
 */
import { getRegistryChain } from '../../../domain/index';
import type { ChainSummary } from '../../../domain/ipc/registry-channels';
import { parseRepoName, readingClient, type GitHubContext, type RepoRef } from '../../../github/index';
import { readHead, RemoteTree, remoteSource, type RemoteHead } from '../../../github/remote-registry';
import { parseList, registryPaths, type ListDocument } from '../../../registry/index';
import { ServiceError } from '../service-error';

/** How long a read head is trusted before it is read again. */
export const HEAD_TTL_MS = 60_000;

export interface UpstreamAt {
  readonly repo: RepoRef;
  readonly head: RemoteHead;
  readonly tree: RemoteTree;
  /** The repository's page (the web origin, not the API). */
  readonly url: string;
}

export function repoOf(upstream: string): RepoRef {
  const repo = parseRepoName(upstream);
  if (!repo)
    throw new ServiceError('bad-url', `"${upstream}" is not a repository name; expected OWNER/REPO, for example trustwallet/assets.`);
  return repo;
}

export class UpstreamReads {
  private readonly cache = new Map<string, { at: number; value: UpstreamAt }>();

  constructor(
    private readonly context: () => GitHubContext,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets every head (after signing in or out, reads switch to the other token). */
  clear(): void {
    this.cache.clear();
  }

  async at(upstream: string, options: { fresh?: boolean } = {}): Promise<UpstreamAt> {
    const repo = repoOf(upstream);
    const ctx = this.context();
    const { endpoints, client } = await readingClient(ctx);
    const key = `${endpoints.apiUrl} ${upstream.toLowerCase()}`;
    const cached = this.cache.get(key);
    if (cached && !options.fresh && this.now() - cached.at < HEAD_TTL_MS) return cached.value;
    const head = await readHead(client, repo);
    // The same commit keeps its listings (a commit's tree never changes).
    const tree = cached?.value.head.commit === head.commit ? cached.value.tree : new RemoteTree(client, head);
    const value = { repo, head, tree, url: `${endpoints.webUrl}/${repo.owner}/${repo.repo}` };
    this.cache.set(key, { at: this.now(), value });
    return value;
  }

  /** The chains that have a folder upstream (counts come with each chain's list). */
  async chains(at: UpstreamAt): Promise<ChainSummary[]> {
    const slugs = await remoteSource(at.tree).listChains();
    return slugs.map((slug) => ({ slug, name: getRegistryChain(slug)?.name ?? slug, validators: null, known: true }));
  }

  /** A chain's list.json, parsed; refused in plain words when it is missing or damaged upstream. */
  async list(at: UpstreamAt, chain: string): Promise<ListDocument> {
    const path = registryPaths.list(chain);
    const bytes = await remoteSource(at.tree).readFile(path);
    const where = `${at.repo.owner}/${at.repo.repo}`;
    if (!bytes)
      throw new ServiceError(
        'unknown-chain',
        `${where} has no validator list for ${getRegistryChain(chain)?.name ?? chain} (${path}). Choose another chain.`,
      );
    const doc = parseList(bytes, { path, chain });
    if (!doc.ok) {
      const why = doc.findings.find((f) => f.severity === 'error')?.message ?? 'it is not a JSON list';
      throw new ServiceError(
        'list-unparseable',
        `${path} in ${where} is damaged, so the wizard will not change it: ${why} Choose another chain, or ask the registry's maintainers.`,
      );
    }
    return doc;
  }

  /** An entry's current logo upstream, or null. */
  logo(at: UpstreamAt, chain: string, id: string): Promise<Buffer | null> {
    return remoteSource(at.tree).readFile(registryPaths.logo(chain, id));
  }
}
