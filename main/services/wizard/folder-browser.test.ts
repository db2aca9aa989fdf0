import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../service-error';
import { listFolders } from './folder-browser';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folder-browser-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const code = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return { code: (error as ServiceError).code, message: (error as ServiceError).message };
  }
  throw new Error('expected a refusal');
};

describe('the folder picker of browser mode', () => {
  it('lists folders only, sorted as people sort, without hidden ones, and links to folders', async () => {
    for (const name of ['beta', 'Alpha', 'item10', 'item9', '.git']) mkdirSync(join(dir, name));
    writeFileSync(join(dir, 'notes.txt'), 'secret contents');
    mkdirSync(join(dir, 'elsewhere', 'assets'), { recursive: true });
    symlinkSync(join(dir, 'elsewhere', 'assets'), join(dir, 'linked'));
    symlinkSync(join(dir, 'notes.txt'), join(dir, 'file-link'));
    const listing = await listFolders(dir);
    expect(listing.folders.map((f) => f.name)).toEqual(['Alpha', 'beta', 'elsewhere', 'item9', 'item10', 'linked']);
    expect(listing.folders[0]).toEqual({ name: 'Alpha', path: join(dir, 'Alpha') });
    expect(listing.path).toBe(dir);
    expect(listing.parent).toBe(join(dir, '..').replace(/\/$/, ''));
    expect(listing.isRegistry).toBe(false);
    expect(listing.truncated).toBe(false);
    expect(JSON.stringify(listing)).not.toContain('secret contents');
    expect(JSON.stringify(listing)).not.toContain('notes.txt');
  });

  it('starts at home, says when the folder is a registry, and stops at the top', async () => {
    expect((await listFolders(null)).path).toBe(homedir());
    mkdirSync(join(dir, 'blockchains', 'cosmos', 'validators'), { recursive: true });
    writeFileSync(join(dir, 'blockchains', 'cosmos', 'validators', 'list.json'), '[]');
    expect((await listFolders(dir)).isRegistry).toBe(true);
    expect((await listFolders('/')).parent).toBeNull();
  });

  it('refuses a missing folder or a file in plain words', async () => {
    expect(await code(listFolders(join(dir, 'nope')))).toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/There is no folder at/),
    });
    writeFileSync(join(dir, 'file'), 'x');
    expect(await code(listFolders(join(dir, 'file')))).toMatchObject({ code: 'not_a_folder' });
  });
});
