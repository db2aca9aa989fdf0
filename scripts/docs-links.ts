/**
 * Checks the relative links and images of the project's Markdown: README.md, ARCHITECTURE.md, SECURITY.md
 * and docs/**\/*.md. A relative target must exist inside the repository and must not be ignored output
 * (test-results/, out/, …: a clone does not have it); an anchor (#…) must be a heading of the target, by
 * GitHub's rules for heading anchors. External links (https:, mailto:, …) are not fetched.
 *
 * No Markdown parser is among the dependencies, so this reads the subset of CommonMark the docs use:
 * inline links and images (with <…> destinations and titles), reference definitions, HTML src/href, ATX
 * and setext headings, and HTML id/name anchors; code (fenced blocks and backtick spans) is skipped, so a
 * link shown as an example is not checked.
 *
 *   npx tsx scripts/docs-links.ts        (prints the problems; exit 1 when there are any)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LinkProblem {
  /** The Markdown file, relative to the root, with '/' separators. */
  file: string;
  line: number;
  target: string;
  problem: string;
}

interface Link {
  target: string;
  offset: number;
  image: boolean;
}

/** The files whose links are checked, relative to root: the root's three documents and docs/**\/*.md. */
export function docFiles(root: string): string[] {
  const files = ['README.md', 'ARCHITECTURE.md', 'SECURITY.md'].filter((f) => existsSync(join(root, f)));
  const walk = (dir: string): void => {
    if (!existsSync(join(root, dir))) return;
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile() && entry.name.endsWith('.md')) files.push(rel);
    }
  };
  walk('docs');
  return files;
}

/** Blanks out fenced code blocks, keeping line breaks so that offsets keep their line. */
function withoutFences(markdown: string): string {
  let fence: { char: string; length: number } | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence) {
        if (marker?.startsWith(fence.char) && marker.length >= fence.length && line.trim() === marker) fence = undefined;
        return ' '.repeat(line.length);
      }
      // An opening backtick fence has no backtick in its info string (else it is a code span).
      if (marker && !(marker.startsWith('`') && line.slice(line.indexOf(marker) + marker.length).includes('`'))) {
        fence = { char: marker.charAt(0), length: marker.length };
        return ' '.repeat(line.length);
      }
      return line;
    })
    .join('\n');
}

/** Blanks out fenced code blocks and backtick code spans (a run of n backticks up to the next run of n). */
export function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** The destination of an inline link starting at text[at] (just after '('), and where it ends. */
function destinationAt(text: string, at: number): string | undefined {
  let i = at;
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
  if (text[i] === '<') {
    const end = text.indexOf('>', i);
    return end < 0 ? undefined : text.slice(i + 1, end);
  }
  let depth = 0;
  let out = '';
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      out += text[++i];
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n') break;
    if (c === '(') depth++;
    if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
    out += c;
  }
  return out;
}

/** Whether the ']' at `close` ends a link text opened by '![' (an image) rather than '['. */
function isImage(text: string, close: number): boolean {
  let depth = 0;
  for (let i = close - 1; i >= 0; i--) {
    if (text[i] === ']' && text[i - 1] !== '\\') depth++;
    else if (text[i] === '[' && text[i - 1] !== '\\') {
      if (depth === 0) return text[i - 1] === '!';
      depth--;
    }
  }
  return false;
}

/** Every link and image target in a Markdown text (code excluded). */
export function extractLinks(markdown: string): Link[] {
  const text = withoutCode(markdown);
  const links: Link[] = [];
  for (let at = text.indexOf(']('); at >= 0; at = text.indexOf('](', at + 2)) {
    const target = destinationAt(text, at + 2);
    if (target !== undefined && target !== '') links.push({ target, offset: at, image: isImage(text, at) });
  }
  for (const m of text.matchAll(/^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)>?/gm))
    links.push({ target: m[1] ?? '', offset: m.index, image: false });
  for (const m of text.matchAll(/<(img|a|source)\b[^>]*?\s(?:src|href|srcset)\s*=\s*["']([^"']+)["']/gi))
    links.push({ target: (m[2] ?? '').trim().split(/\s/)[0] ?? '', offset: m.index, image: m[1]?.toLowerCase() !== 'a' });
  return links.sort((a, b) => a.offset - b.offset);
}

/** The text a heading shows: inline Markdown removed (links keep their text, code keeps its content). */
function headingText(raw: string): string {
  return raw
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+/g, '')
    .replace(/(\*{1,3}|_{1,3})(\S[\s\S]*?)\1/g, '$2')
    .replace(/\\(.)/g, '$1')
    .trim();
}

/** GitHub's anchor for a heading's text (as github-slugger makes it, before de-duplication). */
export function githubSlug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown text offers: its headings' slugs (repeats get -1, -2, …) and HTML id/name. */
export function anchorsOf(markdown: string): Set<string> {
  const lines = withoutFences(markdown).split('\n');
  const anchors = new Set<string>();
  // As github-slugger: a repeated slug gets -1, -2, … (counted per slug, skipping ones already taken).
  const occurrences = new Map<string, number>();
  const add = (heading: string): void => {
    const base = githubSlug(heading);
    let slug = base;
    while (occurrences.has(slug)) {
      const n = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, n);
      slug = `${base}-${n}`;
    }
    occurrences.set(slug, 0);
    anchors.add(slug);
  };
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) add(atx[1] ?? '');
    else {
      // A setext heading: a line of = or - under a paragraph line (not under a list item, heading, quote or table).
      const above = i > 0 ? (lines[i - 1] ?? '') : '';
      if (/^ {0,3}(=+|-+)[ \t]*$/.test(line) && above.trim() !== '' && !/^ {0,3}([-*+]|#|>|\|)/.test(above)) add(above);
    }
  });
  for (const m of markdown.matchAll(/<[a-z]+\b[^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(m[1] ?? '');
  return anchors;
}

/** Asks git which of these paths (relative to root) it ignores; tracked files never count as ignored. */
export function gitIgnored(root: string, paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const run = spawnSync('git', ['check-ignore', '--stdin', '-z'], { cwd: root, input: paths.join('\0'), encoding: 'utf8' });
  if (run.status !== 0 && run.status !== 1) throw new Error(`git check-ignore failed in ${root}: ${run.stderr.trim()}`);
  return new Set(run.stdout.split('\0').filter(Boolean));
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Checks the links of `files` (relative to root); returns every broken one. */
export function checkDocLinks(root: string, files: string[] = docFiles(root)): LinkProblem[] {
  const realRoot = realpathSync(root);
  const problems: LinkProblem[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (abs: string): Set<string> => {
    let set = anchorCache.get(abs);
    if (!set) anchorCache.set(abs, (set = anchorsOf(readFileSync(abs, 'utf8'))));
    return set;
  };
  const pending: { problem: Omit<LinkProblem, 'problem'>; rel: string }[] = [];
  for (const file of files) {
    const abs = join(root, file);
    const markdown = readFileSync(abs, 'utf8');
    for (const link of extractLinks(markdown)) {
      if (EXTERNAL.test(link.target) || link.target.startsWith('//')) continue;
      const line = markdown.slice(0, link.offset).split('\n').length;
      const at = { file, line, target: link.target };
      const hash = link.target.indexOf('#');
      const pathPart = hash < 0 ? link.target : link.target.slice(0, hash);
      const anchor = hash < 0 ? undefined : link.target.slice(hash + 1);
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathPart.split('?')[0] ?? '');
      } catch {
        problems.push({ ...at, problem: 'the link is not a valid URL (bad % escape)' });
        continue;
      }
      const targetAbs = decoded === '' ? abs : decoded.startsWith('/') ? join(root, decoded) : resolve(dirname(abs), decoded);
      const rel = relative(root, targetAbs);
      if (decoded !== '' && (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))) {
        problems.push({ ...at, problem: 'the target is outside the repository' });
        continue;
      }
      if (!existsSync(targetAbs)) {
        problems.push({ ...at, problem: `${link.image ? 'image' : 'file'} ${rel.split(sep).join('/')} does not exist` });
        continue;
      }
      if (!realpathSync(targetAbs).startsWith(realRoot + sep) && realpathSync(targetAbs) !== realRoot) {
        problems.push({ ...at, problem: 'the target leads outside the repository' });
        continue;
      }
      if (decoded !== '') pending.push({ problem: at, rel: rel.split(sep).join('/') + (statSync(targetAbs).isDirectory() ? '/' : '') });
      if (anchor !== undefined && targetAbs.endsWith('.md') && statSync(targetAbs).isFile()) {
        let wanted: string;
        try {
          wanted = decodeURIComponent(anchor);
        } catch {
          wanted = anchor;
        }
        if (!anchors(targetAbs).has(wanted))
          problems.push({ ...at, problem: `${rel.split(sep).join('/') || file} has no heading with the anchor #${anchor}` });
      }
    }
  }
  const ignored = gitIgnored(root, [...new Set(pending.map((p) => p.rel))]);
  for (const p of pending)
    if (ignored.has(p.rel))
      problems.push({ ...p.problem, problem: `${p.rel} is ignored output (see .gitignore), which a clone does not have` });
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = resolve(import.meta.dirname, '..');
  const problems = checkDocLinks(root);
  for (const p of problems) console.log(`${p.file}:${p.line}: ${p.target}: ${p.problem}`);
  console.log(problems.length === 0 ? 'All relative links and images in the docs resolve.' : `${problems.length} broken link(s).`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
