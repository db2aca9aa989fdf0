/**
 * The assets folder of one chain: every entry has `assets/<id>/logo.png`, every folder belongs to an
 * entry, and the file is named exactly `logo.png`. Listing is separate from judging so that a scan
 * knows how many logos it will check before it starts (for its progress bar).
 */
import { readdir } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { finding, type Finding } from './findings';
import { isPortableFolderName } from '../domain/folder-name';
import { absolute, LOGO_FILE_NAME, rel } from './layout';

export interface AssetsListing {
  readonly chain: string;
  /** Folder name → the names of the entries in it (files and folders), and what each is. */
  readonly folders: ReadonlyMap<string, readonly { name: string; isFile: boolean; kind: string }[]>;
  /** Files directly inside assets/. */
  readonly strayFiles: readonly string[];
  /** Symbolic links directly inside assets/ (where an <id> folder should be), and where they point. */
  readonly links: readonly string[];
}

/** What a folder entry is, in words, for anything but a regular file or a folder. */
function kindOf(d: Dirent): string {
  if (d.isFile()) return 'a file';
  if (d.isDirectory()) return 'a folder';
  if (d.isSymbolicLink()) return 'a symbolic link';
  if (d.isFIFO()) return 'a named pipe (FIFO)';
  if (d.isSocket()) return 'a socket';
  return 'a device';
}

export interface LogoFile {
  readonly chain: string;
  /** The folder name: the validator id it should belong to. */
  readonly id: string;
  /** Relative to the registry root. */
  readonly path: string;
}

async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

export async function listAssets(root: string, chain: string): Promise<AssetsListing> {
  const top = await entriesOf(absolute(root, rel.assets(chain)));
  const strayFiles = top.filter((d) => !d.isDirectory() && !d.isSymbolicLink()).map((d) => d.name);
  const links = top.filter((d) => d.isSymbolicLink()).map((d) => d.name);
  const dirs = top.filter((d) => d.isDirectory()).map((d) => d.name);
  const contents = await Promise.all(dirs.map((name) => entriesOf(absolute(root, rel.logoFolder(chain, name)))));
  const folders = new Map(dirs.map((name, i) => [name, contents[i]!.map((d) => ({ name: d.name, isFile: d.isFile(), kind: kindOf(d) }))]));
  return { chain, folders, strayFiles, links };
}

/** Every `logo.png` present, orphans included (their content is still worth checking). */
export function logoFiles(listing: AssetsListing): LogoFile[] {
  const out: LogoFile[] = [];
  for (const [name, files] of listing.folders) {
    if (files.some((f) => f.name === LOGO_FILE_NAME && f.isFile))
      out.push({ chain: listing.chain, id: name, path: rel.logo(listing.chain, name) });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

const MISNAMED = /^logo\.(png|jpe?g|gif|webp|svg|avif)$/i;

export function checkLogoFolders(listing: AssetsListing, ids: readonly string[]): Finding[] {
  const { chain } = listing;
  const findings: Finding[] = [];
  const idSet = new Set(ids);
  const byLowerCase = new Map(ids.map((id) => [id.toLowerCase(), id]));
  const assets = rel.assets(chain);
  const covered = new Set<string>();

  for (const name of listing.strayFiles) {
    findings.push(
      finding(
        'assets-stray-file',
        { path: `${assets}/${name}`, chain },
        `"${name}" is a file directly inside assets/. Logos go in assets/<validator id>/logo.png; move or delete it.`,
      ),
    );
  }
  for (const name of listing.links) {
    // Reported instead of "missing": the folder is there, as a link the companion neither reads nor writes through.
    covered.add(name);
    findings.push(
      finding(
        'logo-unreadable',
        { path: `${assets}/${name}`, chain, id: name },
        `The logo folder "${name}" is a symbolic link, not a real folder. The registry needs the folder itself (links are not followed here, and would not survive the pull request): replace the link with a folder holding logo.png.`,
      ),
    );
  }
  for (const [name, files] of listing.folders) {
    const folder = `${assets}/${name}`;
    if (!idSet.has(name)) {
      const near = byLowerCase.get(name.toLowerCase());
      const hint = near
        ? ` It differs only in upper/lower case from the id ${near}: rename the folder to exactly that.`
        : ' Delete it, or add the validator to list.json with exactly this id.';
      findings.push(
        finding(
          'logo-orphan-folder',
          { path: folder, chain, id: name },
          `The logo folder "${name}" does not match the id of any validator in list.json.${hint}`,
        ),
      );
    }
    for (const file of files) {
      const path = `${folder}/${file.name}`;
      if (file.name === LOGO_FILE_NAME && file.isFile) {
        covered.add(name);
      } else if (file.name === LOGO_FILE_NAME) {
        covered.add(name);
        findings.push(
          finding(
            'logo-unreadable',
            { path, chain, id: name },
            `${path} is ${file.kind}, not a regular file, so it cannot be checked or submitted. Replace it with the PNG file itself.`,
          ),
        );
      } else if (MISNAMED.test(file.name)) {
        covered.add(name);
        findings.push(
          finding(
            'logo-bad-name',
            { path, chain, id: name },
            `The logo is named "${file.name}"; it must be exactly "logo.png" in lower case, in PNG format. Rename it (or convert it with "companion logo fix").`,
          ),
        );
      } else {
        findings.push(
          finding(
            'logo-extra-file',
            { path, chain, id: name },
            `"${file.name}" is in the logo folder; only logo.png belongs there. Delete it.`,
          ),
        );
      }
    }
  }
  for (const id of idSet) {
    if (covered.has(id) || !isPortableFolderName(id)) continue;
    findings.push(
      finding(
        'logo-missing',
        { path: rel.logo(chain, id), chain, id },
        `The validator has no logo. Add a 256×256 PNG at ${rel.logo(chain, id)}.`,
      ),
    );
  }
  return findings;
}
