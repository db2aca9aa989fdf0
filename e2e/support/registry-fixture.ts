/** Test data for the wizard and registry-check specs: a temp copy of the real corpus, fresh ids, test images. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bech32 } from '@scure/base';
import sharp from 'sharp';
import { REPO_ROOT } from './browser-mode';

export const CORPUS = process.env.REGISTRY_CORPUS ?? resolve(REPO_ROOT, '../shared/registry-corpus');

export interface TempRegistry {
  readonly root: string;
  list(chain: string): Buffer;
  entries(chain: string): { id: string; name: string; status?: { disabled?: boolean; note?: string } }[];
  git(...args: string[]): string;
  remove(): void;
}

/** A writable copy of the real registry corpus; optionally a git checkout with everything committed. */
export function tempRegistry(options: { git?: boolean } = {}): TempRegistry {
  const dir = mkdtempSync(join(tmpdir(), 'wizard-e2e-'));
  const root = join(dir, 'assets');
  cpSync(join(CORPUS, 'blockchains'), join(root, 'blockchains'), { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (options.git) {
    git('init', '-q', '-b', 'master');
    git('config', 'user.name', 'Wizard Test');
    git('config', 'user.email', 'wizard-test@example.invalid');
    git('config', 'core.autocrlf', 'false');
    git('add', '-A');
    git('commit', '-q', '-m', 'corpus');
  }
  const listPath = (chain: string) => join(root, 'blockchains', chain, 'validators', 'list.json');
  return {
    root,
    list: (chain) => readFileSync(listPath(chain)),
    entries: (chain) => JSON.parse(readFileSync(listPath(chain), 'utf8')) as ReturnType<TempRegistry['entries']>,
    git,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A valid operator address with a real bech32 checksum, never seen before. */
export function freshValoperId(prefix = 'cosmosvaloper'): string {
  return bech32.encode(prefix, bech32.toWords(randomBytes(20)));
}

/** The same id with one data character changed: the checksum no longer matches. */
export function checksumTypo(id: string): string {
  const i = id.length - 10;
  const swap = id[i] === 'q' ? 'p' : 'q';
  return `${id.slice(0, i)}${swap}${id.slice(i + 1)}`;
}

/** A photo-like JPEG (gradient, shapes and noise) so compression behaves like a real logo photo. */
export async function testJpeg(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#9333ea"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) * 0.32}" fill="#fbbf24"/>
    <path d="M ${width / 2 - Math.min(width, height) * 0.15} ${height / 2} l ${Math.min(width, height) * 0.1} ${Math.min(width, height) * 0.1} l ${Math.min(width, height) * 0.2} -${Math.min(width, height) * 0.22}" stroke="#1e293b" stroke-width="${Math.min(width, height) * 0.05}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .resize(width, height)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A compliant 256×256 logo PNG (well under 100 kB). */
export async function compliantPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="48" fill="#0f766e"/><circle cx="128" cy="128" r="70" fill="#ecfeff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
