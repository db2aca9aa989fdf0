/**
 * Git objects in memory with their real ids: blobs, trees and commits are hashed exactly as git hashes
 * them (SHA-1 over "<type> <size>\0<body>"), so the shas the fake GitHub hands out are those a real
 * repository with the same files would have.
 */
import { createHash } from 'node:crypto';

export interface TreeItem {
  readonly name: string;
  readonly mode: '100644' | '100755' | '040000' | '120000' | '160000';
  readonly sha: string;
}

export type GitObject =
  | { readonly type: 'blob'; readonly data: Buffer }
  | { readonly type: 'tree'; readonly items: readonly TreeItem[] }
  | {
      readonly type: 'commit';
      readonly tree: string;
      readonly parents: readonly string[];
      readonly message: string;
      readonly author: { name: string; email: string; date: string };
    };

function gitSort(a: TreeItem, b: TreeItem): number {
  const key = (i: TreeItem) => (i.mode === '040000' ? `${i.name}/` : i.name);
  return Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b)));
}

export class GitStore {
  private readonly objects = new Map<string, GitObject>();

  private put(type: string, body: Buffer, object: GitObject): string {
    const sha = createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
    this.objects.set(sha, object);
    return sha;
  }

  get(sha: string): GitObject | undefined {
    return this.objects.get(sha);
  }

  blob(data: Buffer): string {
    return this.put('blob', data, { type: 'blob', data });
  }

  tree(items: readonly TreeItem[]): string {
    const sorted = [...items].sort(gitSort);
    const body = Buffer.concat(
      sorted.map((i) => Buffer.concat([Buffer.from(`${i.mode === '040000' ? '40000' : i.mode} ${i.name}\0`), Buffer.from(i.sha, 'hex')])),
    );
    return this.put('tree', body, { type: 'tree', items: sorted });
  }

  commit(tree: string, parents: readonly string[], message: string, author: { name: string; email: string; date: string }): string {
    const seconds = Math.floor(Date.parse(author.date) / 1000);
    const who = `${author.name} <${author.email}> ${seconds} +0000`;
    const body = [`tree ${tree}`, ...parents.map((p) => `parent ${p}`), `author ${who}`, `committer ${who}`, '', message].join('\n');
    return this.put('commit', Buffer.from(body), { type: 'commit', tree, parents, message, author });
  }

  /** A tree from files given by path (`a/b/c.txt` → nested trees). */
  treeFromFiles(files: ReadonlyMap<string, Buffer>): string {
    return this.edit(
      undefined,
      [...files].map(([path, data]) => ({ path, sha: this.blob(data) })),
    );
  }

  /** `base` (or an empty tree) with files set (sha) or removed (sha null) by path, as the Git Data API's create-tree does. */
  edit(base: string | undefined, changes: readonly { path: string; sha: string | null; mode?: TreeItem['mode'] }[]): string {
    const items = new Map<string, TreeItem>();
    const baseObject = base ? this.get(base) : undefined;
    if (baseObject?.type === 'tree') for (const i of baseObject.items) items.set(i.name, i);
    const nested = new Map<string, { path: string; sha: string | null; mode?: TreeItem['mode'] }[]>();
    for (const change of changes) {
      const [head, ...rest] = change.path.split('/');
      if (rest.length === 0) {
        if (change.sha === null) items.delete(head!);
        else items.set(head!, { name: head!, mode: change.mode ?? '100644', sha: change.sha });
      } else {
        const list = nested.get(head!) ?? [];
        list.push({ ...change, path: rest.join('/') });
        nested.set(head!, list);
      }
    }
    for (const [name, list] of nested) {
      const current = items.get(name);
      const sub = this.edit(current?.mode === '040000' ? current.sha : undefined, list);
      const subObject = this.get(sub);
      if (subObject?.type === 'tree' && subObject.items.length === 0) items.delete(name);
      else items.set(name, { name, mode: '040000', sha: sub });
    }
    return this.tree([...items.values()]);
  }

  /** Whether `ancestor` is `commit` or one of its ancestors. */
  isAncestor(ancestor: string, commit: string): boolean {
    const seen = new Set<string>();
    const queue = [commit];
    while (queue.length) {
      const sha = queue.pop()!;
      if (sha === ancestor) return true;
      if (seen.has(sha)) continue;
      seen.add(sha);
      const o = this.get(sha);
      if (o?.type === 'commit') queue.push(...o.parents);
    }
    return false;
  }

  /** The files of a tree by path (for test assertions). */
  files(tree: string, prefix = ''): Map<string, Buffer> {
    const out = new Map<string, Buffer>();
    const o = this.get(tree);
    if (o?.type !== 'tree') return out;
    for (const i of o.items) {
      const path = prefix + i.name;
      const child = this.get(i.sha);
      if (child?.type === 'tree') for (const [p, b] of this.files(i.sha, `${path}/`)) out.set(p, b);
      else if (child?.type === 'blob') out.set(path, child.data);
    }
    return out;
  }
}
