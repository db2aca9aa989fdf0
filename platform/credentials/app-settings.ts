/**
 * The app's settings file (settings.json in the config folder): non-secret values the app and the CLI
 * share, such as the GitHub OAuth app's client id. Secrets never go here (they live in the OS keychain).
 * Every change is made under a lock and written atomically; a file we cannot parse is never overwritten.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write';
import { FileReadError, readBoundedFileIfExists } from '../files/bounded-read';
import { withFileLock } from '../files/lock';

/** A settings file is a few lines; anything larger is not ours. */
const MAX_SETTINGS_BYTES = 64 * 1024;

export type SettingValue = string | number | boolean;
export type Settings = Readonly<Record<string, SettingValue>>;

interface SettingsDocument {
  version: 1;
  settings: Record<string, SettingValue>;
}

/** Why the settings file cannot be read or written; the message names the file and says what to do. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

const isValue = (v: unknown): v is SettingValue => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export class AppSettingsFile {
  constructor(readonly file: string) {}

  private async document(): Promise<SettingsDocument> {
    let bytes: Buffer | null;
    try {
      bytes = await readBoundedFileIfExists(this.file, { limit: MAX_SETTINGS_BYTES });
    } catch (error) {
      if (error instanceof FileReadError) throw new SettingsError(`Cannot read the settings file: ${error.message}`);
      throw new SettingsError(`Cannot read the settings file ${this.file}: ${(error as Error).message}.`);
    }
    if (bytes === null) return { version: 1, settings: {} };
    const broken = (why: string) =>
      new SettingsError(`The settings file ${this.file} ${why}. Fix it or delete it to start over; it was left as it is.`);
    let doc: unknown;
    try {
      doc = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      throw broken(`is not valid JSON (${(error as Error).message})`);
    }
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || (doc as { version?: unknown }).version !== 1)
      throw broken('is not a version 1 settings document');
    const settings = (doc as { settings?: unknown }).settings;
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw broken('has no "settings" object');
    const bad = Object.entries(settings).find(([, v]) => !isValue(v));
    if (bad) throw broken(`has a value for "${bad[0]}" that is not text, a number or true/false`);
    return doc as SettingsDocument;
  }

  /** Every setting; none when the file does not exist yet. */
  async read(): Promise<Settings> {
    return { ...(await this.document()).settings };
  }

  async get(key: string): Promise<SettingValue | undefined> {
    const { settings } = await this.document();
    return Object.hasOwn(settings, key) ? settings[key] : undefined;
  }

  /** Sets (or, with undefined, removes) settings, keeping every other one as it was. */
  async update(changes: Readonly<Record<string, SettingValue | undefined>>): Promise<void> {
    // The config folder is private to the user, as the profiles' is; the lock would create it with the default mode.
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    await withFileLock(`${this.file}.lock`, async () => {
      const doc = await this.document();
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) delete doc.settings[key];
        else doc.settings[key] = value;
      }
      await writeFileAtomic(this.file, `${JSON.stringify(doc, null, 2)}\n`, { mode: 0o600 });
    });
  }
}
