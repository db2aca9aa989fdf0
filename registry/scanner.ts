/**
 * Whole-registry check: every chain's list.json, entries and logos. Lists are read all at once (they
 * are small); logos are decoded a few at a time on sharp's thread pool. Progress counts lists plus
 * logo files, both known before checking starts, so a progress bar never goes backwards.
 */
import { getRegistryChain } from '../domain/index';
import { FileReadError } from '../platform/files/bounded-read';
import { findLinkOutside, type EscapingLink } from '../platform/files/contained-path';
import { mapLimit } from './concurrency';
import { checkEntries } from './entry-rules';
import { RegistryError } from './errors';
import { countFindings, finding, sortFindings, type Finding, type FindingCounts } from './findings';
import { absolute, linkOutsideMessage, listChainFolders, notARegistryMessage, rel } from './layout';
import { checkLogoFolders, listAssets, logoFiles, type AssetsListing, type LogoFile } from './logo-folder-rules';
import { checkLogo } from './logo-rules';
import { readList, type ListDocument } from './list-reader';
import { recoverPendingWrite, type RolledBack } from './write-journal';

export interface ScanProgress {
  /** 'discover' once at the start (total not known yet), 'check' per finished item, 'done' at the end. */
  readonly phase: 'discover' | 'check' | 'done';
  /** Items finished and items in all: one per list.json plus one per logo.png. */
  readonly done: number;
  readonly total: number;
  /** The item just finished (relative path), when phase is 'check'. */
  readonly path?: string;
  readonly chain?: string;
}

export interface CheckRegistryOptions {
  /** Only these chain folders (default: every `blockchains/<chain>/validators`). */
  chains?: readonly string[];
  /** Skip opening logo files (folder rules still apply). Default true: logos are checked. */
  logos?: boolean;
  onProgress?: (event: ScanProgress) => void;
  /** Logos checked at once; default 4, the size of Node's thread pool that sharp decodes on (reading overlaps decoding). */
  concurrency?: number;
  signal?: AbortSignal;
  /** Where this registry's write history lives (default: the per-user config folder), and its lock. */
  historyDir?: string;
  lockDir?: string;
}

export interface RegistrySummary extends FindingCounts {
  chains: number;
  entries: number;
  logos: number;
}

export interface RegistryReport {
  readonly root: string;
  /** Sorted by path, then position. */
  readonly findings: Finding[];
  readonly summary: RegistrySummary;
  /** Wall-clock milliseconds per phase, for the benchmark and the UI's status line. */
  readonly timings: { discoverMs: number; listsMs: number; logosMs: number; totalMs: number };
  /** A write that a crash had cut short, rolled back before checking. */
  readonly rolledBack?: RolledBack;
}

interface ChainWork {
  chain: string;
  assets: AssetsListing;
  logos: LogoFile[];
  /** A symbolic link out of the registry on the way to the validators folder, or to its assets folder. */
  escape?: { at: 'validators' | 'assets'; link: EscapingLink };
}

const NO_ASSETS = (chain: string): AssetsListing => ({ chain, folders: new Map(), strayFiles: [], links: [] });

async function checkList(root: string, work: ChainWork): Promise<{ findings: Finding[]; entries: number }> {
  const { chain, assets, escape } = work;
  const path = rel.list(chain);
  const findings: Finding[] = [];
  if (escape?.at === 'validators') {
    findings.push(finding('list-unreadable', { path, chain }, `${path} was not read: ${linkOutsideMessage(escape.link)}`));
    return { findings, entries: 0 };
  }
  if (escape)
    findings.push(
      finding('logo-unreadable', { path: escape.link.link, chain }, `The logos were not checked: ${linkOutsideMessage(escape.link)}`),
    );
  if (!getRegistryChain(chain)) {
    findings.push(
      finding(
        'chain-unknown',
        { path: rel.validators(chain), chain },
        `"${chain}" is not one of the 52 registry chains, so its ids cannot be checked. Check the folder name (for example "smartchain", not "bsc").`,
      ),
    );
  }
  let doc: ListDocument;
  try {
    doc = await readList(absolute(root, path), { path, chain }, root);
  } catch (error) {
    const missing = error instanceof FileReadError && error.reason === 'missing';
    findings.push(
      missing
        ? finding(
            'list-missing',
            { path, chain },
            `The chain has a validators folder but no list.json. Create it with the content [] or remove the folder.`,
          )
        : finding(
            'list-unreadable',
            { path, chain },
            error instanceof FileReadError ? error.message : `list.json could not be read: ${(error as Error).message}.`,
          ),
    );
    return { findings, entries: 0 };
  }
  findings.push(...doc.findings);
  if (!doc.ok) return { findings, entries: 0 };
  findings.push(...checkEntries(chain, doc.entries, doc.spans, path));
  const ids = doc.entries.flatMap((e) =>
    typeof e === 'object' && e !== null && typeof (e as { id?: unknown }).id === 'string' ? [(e as { id: string }).id] : [],
  );
  if (!escape) findings.push(...checkLogoFolders(assets, ids));
  return { findings, entries: doc.entries.length };
}

export async function checkRegistry(root: string, options: CheckRegistryOptions = {}): Promise<RegistryReport> {
  const { onProgress, signal } = options;
  const started = performance.now();
  onProgress?.({ phase: 'discover', done: 0, total: 0 });

  const present = await listChainFolders(root);
  if (present.length === 0) throw new RegistryError('not-a-registry', notARegistryMessage(root));
  // Check the registry as it is, not what a killed writer left half-done.
  const rolledBack = await recoverPendingWrite(root, {
    ...(options.historyDir !== undefined ? { historyDir: options.historyDir } : {}),
    ...(options.lockDir !== undefined ? { lockDir: options.lockDir } : {}),
  });
  const chains = options.chains ? [...new Set(options.chains)] : present;
  const absent = chains.filter((c) => !present.includes(c));
  if (absent.length > 0) {
    throw new RegistryError(
      'unknown-chain',
      `No validators folder for ${absent.map((c) => `"${c}"`).join(', ')} in this registry. Chains here: ${present.join(', ')}.`,
    );
  }

  const work: ChainWork[] = await Promise.all(
    chains.map(async (chain): Promise<ChainWork> => {
      // Nothing is listed or read through a link that leaves the registry.
      const toValidators = await findLinkOutside(root, rel.validators(chain));
      if (toValidators) return { chain, assets: NO_ASSETS(chain), logos: [], escape: { at: 'validators', link: toValidators } };
      const toAssets = await findLinkOutside(root, rel.assets(chain));
      if (toAssets) return { chain, assets: NO_ASSETS(chain), logos: [], escape: { at: 'assets', link: toAssets } };
      const assets = await listAssets(root, chain);
      return { chain, assets, logos: options.logos === false ? [] : logoFiles(assets) };
    }),
  );
  const total = work.length + work.reduce((n, w) => n + w.logos.length, 0);
  let done = 0;
  const tick = (path: string, chain: string) => onProgress?.({ phase: 'check', done: ++done, total, path, chain });
  const discovered = performance.now();

  const lists = await mapLimit(
    work,
    16,
    async (w) => {
      const result = await checkList(root, w);
      tick(rel.list(w.chain), w.chain);
      return result;
    },
    signal,
  );
  const listed = performance.now();

  const concurrency = options.concurrency ?? 4;
  const allLogos = work.flatMap((w) => w.logos);
  const logoFindings = await mapLimit(
    allLogos,
    concurrency,
    async (logo) => {
      const { findings } = await checkLogo(absolute(root, logo.path), { path: logo.path, chain: logo.chain, id: logo.id }, root);
      tick(logo.path, logo.chain);
      return findings;
    },
    signal,
  );
  const finished = performance.now();

  const findings = sortFindings([...lists.flatMap((l) => l.findings), ...logoFindings.flat()]);
  onProgress?.({ phase: 'done', done, total });
  return {
    root,
    findings,
    summary: {
      chains: chains.length,
      entries: lists.reduce((n, l) => n + l.entries, 0),
      logos: allLogos.length,
      ...countFindings(findings),
    },
    timings: {
      discoverMs: discovered - started,
      listsMs: listed - discovered,
      logosMs: finished - listed,
      totalMs: finished - started,
    },
    ...(rolledBack ? { rolledBack } : {}),
  };
}
