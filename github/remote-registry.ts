/**
 * One commit of a registry repository, read through the REST API without a clone: the default branch's
 * head, its trees walked one folder at a time (never the whole repository's tree), and the few files a
 * plan needs (the chain's list.json, a validator's logo, the pull request template) fetched as blobs.
 */
import { getRegistryChain } from '../domain/index';
import { FILE_CAPS } from '../platform/files/bounded-read';
import type { RegistryFiles } from './change-plan';
import { statusOf, type GitHubClient } from './client';
import { GitHubError } from './errors';

export interface RepoRef {
  readonly owner: string;
  readonly repo: string;
}

export const repoName = (r: RepoRef) => `${r.owner}/${r.repo}`;

export interface RemoteHead {
  readonly repo: RepoRef;
  readonly defaultBranch: string;
  readonly commit: string;
  readonly tree: string;
}

interface TreeEntry {
  readonly type: string;
  readonly sha: string;
  readonly size?: number;
}

/** The upstream's default branch and the commit it points at now. */
export async function readHead(client: GitHubClient, repo: RepoRef): Promise<RemoteHead> {
  let defaultBranch: string;
  try {
    defaultBranch = (await client.rest.repos.get({ owner: repo.owner, repo: repo.repo })).data.default_branch;
  } catch (error) {
    if (statusOf(error) === 404)
      throw new GitHubError(
        'not-found',
        `The repository ${repoName(repo)} does not exist or is not visible to this account. Check --upstream.`,
      );
    throw error;
  }
  const ref = await client.rest.git.getRef({ owner: repo.owner, repo: repo.repo, ref: `heads/${defaultBranch}` });
  const commit = await client.rest.git.getCommit({ owner: repo.owner, repo: repo.repo, commit_sha: ref.data.object.sha });
  return { repo, defaultBranch, commit: commit.data.sha, tree: commit.data.tree.sha };
}

/** Reads folders and files of one commit, each folder's listing fetched once. */
export class RemoteTree {
  private readonly trees = new Map<string, Promise<Map<string, TreeEntry>>>();

  constructor(
    private readonly client: GitHubClient,
    readonly head: RemoteHead,
  ) {}

  private listing(sha: string): Promise<Map<string, TreeEntry>> {
    let found = this.trees.get(sha);
    if (!found) {
      const { owner, repo } = this.head.repo;
      found = this.client.rest.git.getTree({ owner, repo, tree_sha: sha }).then((r) => {
        if (r.data.truncated)
          throw new GitHubError(
            'api',
            `GitHub cut short the listing of a folder of ${repoName(this.head.repo)}; it is too large to read this way.`,
          );
        const map = new Map<string, TreeEntry>();
        for (const e of r.data.tree)
          if (e.path !== undefined && e.sha !== undefined && e.type !== undefined)
            map.set(e.path, { type: e.type, sha: e.sha, ...(e.size !== undefined ? { size: e.size } : {}) });
        return map;
      });
      this.trees.set(sha, found);
    }
    return found;
  }

  /** The entries of a folder (empty when it does not exist). */
  async folder(path: string): Promise<ReadonlyMap<string, TreeEntry>> {
    const entry = await this.entry(path);
    return entry?.type === 'tree' ? this.listing(entry.sha) : new Map();
  }

  async entry(path: string): Promise<TreeEntry | undefined> {
    let current: TreeEntry = { type: 'tree', sha: this.head.tree };
    for (const part of path.split('/').filter(Boolean)) {
      if (current.type !== 'tree') return undefined;
      const next = (await this.listing(current.sha)).get(part);
      if (!next) return undefined;
      current = next;
    }
    return current;
  }

  /** A file's bytes, or null when there is no file at that path. */
  async file(path: string, limit: number): Promise<Buffer | null> {
    const entry = await this.entry(path);
    if (!entry || entry.type !== 'blob') return null;
    if (entry.size !== undefined && entry.size > limit)
      throw new GitHubError(
        'api',
        `${path} in ${repoName(this.head.repo)} is ${entry.size.toLocaleString('en-US')} bytes, over the ${limit.toLocaleString('en-US')}-byte limit for reading it.`,
      );
    const { owner, repo } = this.head.repo;
    const blob = await this.client.rest.git.getBlob({ owner, repo, file_sha: entry.sha });
    const bytes = Buffer.from(blob.data.content, blob.data.encoding === 'base64' ? 'base64' : 'utf8');
    if (bytes.length > limit) throw new GitHubError('api', `${path} in ${repoName(this.head.repo)} is over the limit for reading it.`);
    return bytes;
  }
}

/** The registry as it is at one commit of a remote repository: what remote plans are made from. */
export function remoteSource(tree: RemoteTree): RegistryFiles {
  return {
    where: `${repoName(tree.head.repo)}@${tree.head.commit.slice(0, 7)}`,
    remote: true,
    async hasChain(chain) {
      return (await tree.entry(`blockchains/${chain}/validators`))?.type === 'tree';
    },
    async listChains() {
      const names = [...(await tree.folder('blockchains')).entries()].filter(([name, e]) => e.type === 'tree' && getRegistryChain(name));
      return names.map(([name]) => name).sort();
    },
    readFile: (path) => tree.file(path, path.endsWith('/list.json') ? FILE_CAPS.list : FILE_CAPS.image),
  };
}

const TEMPLATE_PLACES = ['.github', '', 'docs'] as const;

/** The repository's pull request template (`.github/pull_request_template.md` and the other places GitHub looks), if any. */
export async function pullRequestTemplate(tree: RemoteTree): Promise<string | undefined> {
  for (const folder of TEMPLATE_PLACES) {
    const entries = await tree.folder(folder);
    const name = [...entries.keys()].find((n) => /^pull_request_template\.md$/i.test(n));
    if (!name) continue;
    const bytes = await tree.file(folder ? `${folder}/${name}` : name, 256 * 1024);
    if (bytes) return bytes.toString('utf8');
  }
  return undefined;
}
