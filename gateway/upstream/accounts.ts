import { randomBytes } from 'node:crypto';
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../platform/files/atomic-write';
import { readBoundedFileIfExists } from '../../platform/files/bounded-read';
import { withFileLock } from '../../platform/files/lock';

/** What an account may call beyond market data; an account without `swap` is refused routing. */
export type Scope = 'swap';

export interface Account {
  readonly accessId: string;
  readonly secretKey: string;
  readonly name: string;
  readonly createdAt: string;
  readonly scopes: readonly Scope[];
  /** The account created on first run, whose credentials the gateway prints. */
  readonly demo?: boolean;
}

interface StoreFile {
  readonly version: 1;
  readonly accounts: readonly Account[];
}

export const ACCOUNTS_FILE = 'accounts.json';
const RELOAD_CHECK_MS = 1_000;
/** Far more than any real account list; a bigger file is refused rather than read. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Another gateway holds the lock only while it creates the demo account. */
const LOCK_TIMEOUT_MS = 60_000;

function newAccount(name: string, scopes: readonly Scope[], demo: boolean): Account {
  return {
    accessId: `${demo ? 'demo' : 'acct'}_${randomBytes(12).toString('hex')}`,
    secretKey: randomBytes(32).toString('base64url'),
    name,
    createdAt: new Date().toISOString(),
    scopes: [...scopes],
    ...(demo ? { demo: true } : {}),
  };
}

function parse(text: string, path: string): StoreFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON (${(error as Error).message}); fix or delete it to create a new demo account`, {
      cause: error,
    });
  }
  const accounts = (data as { accounts?: unknown }).accounts;
  const isAccount = (a: unknown): a is Partial<Account> & Pick<Account, 'accessId' | 'secretKey'> =>
    typeof (a as Partial<Account> | null)?.accessId === 'string' && typeof (a as Partial<Account> | null)?.secretKey === 'string';
  if (!Array.isArray(accounts) || !accounts.every(isAccount)) {
    throw new Error(`${path} must hold {"version":1,"accounts":[{"accessId","secretKey",…}]}; fix or delete it`);
  }
  return { version: 1, accounts: accounts.map((a) => ({ name: '', createdAt: '', scopes: ['swap'], ...a })) };
}

/**
 * The reference upstream's accounts (access id → secret), kept in `accounts.json` in the data dir
 * with owner-only permissions. Edits to the file by hand or by another process are picked up.
 */
export class AccountStore {
  private byId = new Map<string, Account>();
  private loadedMtime = 0;
  private nextCheck = 0;

  private constructor(readonly path: string) {}

  /** Opens the store, creating it with a demo account on first run. */
  static async open(dataDir: string): Promise<AccountStore> {
    const store = new AccountStore(join(dataDir, ACCOUNTS_FILE));
    await store.locked(async (file) => {
      if (!file.accounts.some((a) => a.demo)) await store.write([...file.accounts, newAccount('Demo account', ['swap'], true)]);
    });
    store.reload();
    return store;
  }

  /** Runs `fn` on the file's current content while holding its lock (another gateway may share the data dir). */
  private locked(fn: (file: StoreFile) => Promise<void>): Promise<void> {
    return withFileLock(
      `${this.path}.lock`,
      async () => {
        const bytes = await readBoundedFileIfExists(this.path, { limit: MAX_FILE_BYTES });
        await fn(bytes === null ? { version: 1, accounts: [] } : parse(bytes.toString('utf8'), this.path));
      },
      { timeoutMs: LOCK_TIMEOUT_MS },
    );
  }

  /** Owner-only: the file holds every account's secret. */
  private write(accounts: readonly Account[]): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify({ version: 1, accounts }, null, 2)}\n`, { mode: 0o600, createDir: true });
  }

  private reload(): void {
    const mtime = statSync(this.path).mtimeMs;
    const file = parse(readFileSync(this.path, 'utf8'), this.path);
    this.byId = new Map(file.accounts.map((a) => [a.accessId, a]));
    this.loadedMtime = mtime;
  }

  private reloadIfChanged(): void {
    const now = Date.now();
    if (now < this.nextCheck) return;
    this.nextCheck = now + RELOAD_CHECK_MS;
    try {
      if (statSync(this.path).mtimeMs !== this.loadedMtime) this.reload();
    } catch {
      // A broken or missing file keeps the accounts already loaded.
    }
  }

  get(accessId: string): Account | undefined {
    const found = this.byId.get(accessId);
    if (found) return found;
    this.reloadIfChanged();
    return this.byId.get(accessId);
  }

  demo(): Account {
    const demo = [...this.byId.values()].find((a) => a.demo);
    if (!demo) throw new Error(`${this.path} has no demo account`);
    return demo;
  }

  /** Adds an account (for tests and administration) and returns it. */
  async add(name: string, scopes: readonly Scope[] = ['swap']): Promise<Account> {
    const account = newAccount(name, scopes, false);
    await this.locked((file) => this.write([...file.accounts, account]));
    this.reload();
    return account;
  }
}
