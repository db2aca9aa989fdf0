import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { headerNamesProblem, headerNamesOf, rateProblem } from '../../domain/profile-gateway';
import { profileNameProblem } from '../../domain/profile-name';
import { writeFileAtomic } from '../files/atomic-write';
import { parseEndpointUrl } from './endpoint-url';

/** `embedded` profiles point at the bundled reference gateway, which the bridge starts on demand. */
export type ProfileKind = 'remote' | 'embedded';

/** One gateway endpoint and its non-secret settings. Secrets live in the OS keychain, never here. */
export interface Profile {
  readonly name: string;
  readonly kind: ProfileKind;
  readonly url: string;
  /** A PEM CA bundle trusted for this endpoint instead of the system store (plus NODE_EXTRA_CA_CERTS). */
  readonly caFile?: string;
  /** Honour HTTPS_PROXY / HTTP_PROXY / NO_PROXY from the environment (default true). */
  readonly proxy?: boolean;
  /** Per-request timeout in seconds (default 60); progress from the gateway restarts the clock. */
  readonly timeoutSeconds?: number;
  /** The header the gateway reads the access id from (default X-SVC-CREDENTIAL). */
  readonly credentialHeader?: string;
  /** The header the gateway reads the secret key from (default X-SVC-SECRET-KEY). */
  readonly secretHeader?: string;
  /** The gateway tier's requests per second: the bridge paces its requests to it (none: no pacing). */
  readonly rate?: number;
}

interface ProfilesDocument {
  version: 1;
  defaultProfile?: string;
  profiles: Record<string, Omit<Profile, 'name'>>;
}

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

export function validateProfileName(name: string): string {
  const problem = profileNameProblem(name);
  if (problem) throw new ProfileError(problem);
  return name;
}

/** Checks a profile's fields and returns a normalised copy; throws ProfileError naming the bad field. */
export function validateProfile(profile: Profile): Profile {
  validateProfileName(profile.name);
  if (profile.kind !== 'remote' && profile.kind !== 'embedded')
    throw new ProfileError(`profile "${profile.name}": kind must be "remote" or "embedded"`);
  let url: URL;
  try {
    url = parseEndpointUrl(profile.url);
  } catch (error) {
    throw new ProfileError(`profile "${profile.name}": ${(error as Error).message}`);
  }
  if (profile.caFile !== undefined && (typeof profile.caFile !== 'string' || !path.isAbsolute(profile.caFile))) {
    throw new ProfileError(`profile "${profile.name}": caFile must be an absolute path to a PEM file`);
  }
  if (profile.proxy !== undefined && typeof profile.proxy !== 'boolean')
    throw new ProfileError(`profile "${profile.name}": proxy must be true or false`);
  const t = profile.timeoutSeconds;
  if (t !== undefined && (typeof t !== 'number' || !Number.isFinite(t) || t <= 0 || t > 3600)) {
    throw new ProfileError(`profile "${profile.name}": timeoutSeconds must be a number of seconds between 0 and 3600`);
  }
  const { credentialHeader, secretHeader, rate } = profile;
  if (
    (credentialHeader !== undefined && typeof credentialHeader !== 'string') ||
    (secretHeader !== undefined && typeof secretHeader !== 'string')
  )
    throw new ProfileError(`profile "${profile.name}": credentialHeader and secretHeader must be header names`);
  const headerProblem = headerNamesProblem(headerNamesOf(profile));
  if (headerProblem) throw new ProfileError(`profile "${profile.name}": ${headerProblem}`);
  const badRate = rate === undefined ? undefined : typeof rate !== 'number' ? 'the rate must be a number' : rateProblem(rate);
  if (badRate) throw new ProfileError(`profile "${profile.name}": ${badRate}`);
  return {
    name: profile.name,
    kind: profile.kind,
    url: url.href,
    ...(profile.caFile !== undefined ? { caFile: profile.caFile } : {}),
    ...(profile.proxy !== undefined ? { proxy: profile.proxy } : {}),
    ...(t !== undefined ? { timeoutSeconds: t } : {}),
    ...(credentialHeader !== undefined ? { credentialHeader } : {}),
    ...(secretHeader !== undefined ? { secretHeader } : {}),
    ...(rate !== undefined ? { rate } : {}),
  };
}

/** The profiles JSON file. Every write replaces the file atomically (temp file + rename), mode 0600. */
export class ProfileStore {
  constructor(readonly file: string) {}

  private async read(): Promise<ProfilesDocument> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, profiles: {} };
      throw new ProfileError(`cannot read the profiles file ${this.file}: ${(error as Error).message}`);
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (error) {
      throw new ProfileError(
        `the profiles file ${this.file} is not valid JSON (${(error as Error).message}); fix it or delete it to start over`,
      );
    }
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || (doc as ProfilesDocument).version !== 1) {
      throw new ProfileError(`the profiles file ${this.file} is not a version 1 profiles document; fix it or delete it to start over`);
    }
    const profiles = (doc as ProfilesDocument).profiles;
    if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) {
      throw new ProfileError(`the profiles file ${this.file} has no "profiles" object; fix it or delete it to start over`);
    }
    return doc as ProfilesDocument;
  }

  private async write(doc: ProfilesDocument): Promise<void> {
    await writeFileAtomic(this.file, `${JSON.stringify(doc, null, 2)}\n`, { mode: 0o600, createDir: { mode: 0o700 } });
  }

  async list(): Promise<Profile[]> {
    const doc = await this.read();
    return Object.entries(doc.profiles).map(([name, p]) => ({ ...p, name }));
  }

  async get(name: string): Promise<Profile | undefined> {
    const doc = await this.read();
    const entry = Object.hasOwn(doc.profiles, name) ? doc.profiles[name] : undefined;
    return entry ? { ...entry, name } : undefined;
  }

  /** Creates or replaces a profile after validating it. */
  async save(profile: Profile): Promise<Profile> {
    const valid = validateProfile(profile);
    const doc = await this.read();
    const { name, ...rest } = valid;
    doc.profiles[name] = rest;
    await this.write(doc);
    return valid;
  }

  /** Returns false when there was no such profile. */
  async remove(name: string): Promise<boolean> {
    const doc = await this.read();
    if (!Object.hasOwn(doc.profiles, name)) return false;
    delete doc.profiles[name];
    if (doc.defaultProfile === name) delete doc.defaultProfile;
    await this.write(doc);
    return true;
  }

  /** The profile used when none is named: the file's `defaultProfile`, else `default`. */
  async defaultName(): Promise<string> {
    return (await this.read()).defaultProfile ?? 'default';
  }

  async setDefault(name: string): Promise<void> {
    const doc = await this.read();
    if (!Object.hasOwn(doc.profiles, name)) throw new ProfileError(`there is no profile named "${name}"`);
    doc.defaultProfile = name;
    await this.write(doc);
  }
}
