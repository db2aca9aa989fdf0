/**
 * The one place that defines what a registry finding is and every code it can carry.
 * Codes are stable: the UI, CI scripts and `--override` refer to them by name.
 * Each code has one fixed severity:
 *  - error:   the submission would be rejected (by the registry's CI, its bot or its reviewers);
 *  - warning: reviewers may object, or the spec recommends otherwise;
 *  - info:    worth knowing, nothing to fix.
 */
export type Severity = 'error' | 'warning' | 'info';

export const FINDING_CODES = {
  // The list.json file itself.
  'list-missing': { severity: 'error', summary: 'The chain has a validators folder but no list.json.' },
  'list-unreadable': { severity: 'error', summary: 'list.json could not be read from disk.' },
  'list-invalid-utf8': { severity: 'error', summary: 'list.json is not valid UTF-8 text.' },
  'list-bom': { severity: 'error', summary: 'list.json starts with an invisible byte-order mark, which the registry CI rejects.' },
  'list-invalid-json': { severity: 'error', summary: 'list.json is not valid JSON (the line and column are given).' },
  'list-duplicate-key': { severity: 'error', summary: 'The same key appears twice in one object.' },
  'list-not-array': { severity: 'error', summary: 'list.json must be a JSON array of entries.' },
  'list-indentation': { severity: 'info', summary: 'The file uses indentation other than the usual 4 spaces (writes keep it).' },
  'list-indentation-mixed': { severity: 'warning', summary: 'The file mixes indentation styles.' },
  'list-not-canonical': { severity: 'info', summary: 'The file is laid out differently from the registry formatter (writes keep it).' },
  'chain-unknown': {
    severity: 'warning',
    summary:
      'The chain folder is not one of the 52 registry chains; its ids cannot be checked, and adding to it needs --override chain-unknown.',
  },
  // One entry.
  'entry-not-object': { severity: 'error', summary: 'An element of the list is not an object.' },
  'field-missing': { severity: 'error', summary: 'A required field (id, name, description, website) is missing.' },
  'field-type': { severity: 'error', summary: 'A field has the wrong type (for example a number where text is expected).' },
  'field-unknown': { severity: 'warning', summary: 'A key that the registry format does not define.' },
  'id-invalid': { severity: 'error', summary: 'The id is not a valid validator id for this chain (format or checksum).' },
  'id-unchecked': { severity: 'warning', summary: 'The id was not checked: the chain folder is not one of the registry chains.' },
  'id-not-normalised': { severity: 'warning', summary: 'The id is valid but not written in its normal form.' },
  'id-duplicate': { severity: 'error', summary: 'The same id appears more than once in the chain.' },
  'name-empty': { severity: 'error', summary: 'The name is empty.' },
  'name-too-long': { severity: 'warning', summary: 'The name is longer than the wallet shows comfortably.' },
  'description-empty': { severity: 'error', summary: 'The description is empty (the registry CI lets this through; reviewers do not).' },
  'description-too-long': { severity: 'warning', summary: 'The description is unusually long.' },
  'text-control-characters': {
    severity: 'error',
    summary: 'Name or description contains control characters (line breaks, tabs, direction overrides).',
  },
  'text-zero-width': { severity: 'warning', summary: 'Name or description contains invisible zero-width characters.' },
  'text-emoji-joiner': { severity: 'info', summary: 'A zero-width joiner inside an emoji (normal for emoji such as 👩‍💻).' },
  'text-whitespace': { severity: 'warning', summary: 'Name or description starts or ends with spaces.' },
  'website-invalid': { severity: 'error', summary: 'The website is not a valid web address (empty, misspelt scheme, spaces).' },
  'website-no-scheme': { severity: 'error', summary: 'The website has no https:// in front.' },
  'website-not-https': { severity: 'warning', summary: 'The website uses plain http instead of https.' },
  'commission-invalid': { severity: 'error', summary: 'payout.commission is not a number from 0 to 100 (or too large to read at all).' },
  'commission-not-integer': { severity: 'warning', summary: 'payout.commission has decimals; the spec says a whole number.' },
  'payout-period-invalid': {
    severity: 'error',
    summary: 'payout.payoutDelay or payout.payoutPeriod is not a whole number of 0 or more within 64-bit range.',
  },
  'min-delegation-invalid': {
    severity: 'error',
    summary: 'staking.minDelegation is not a whole number of 0 or more (the registry reads a 64-bit integer).',
  },
  'staking-invalid': {
    severity: 'error',
    summary: 'staking.freeSpace is not a whole number, or staking.openForDelegation is not true/false (the registry cannot read it).',
  },
  'status-invalid': { severity: 'error', summary: 'status.disabled is not true/false, or status.note is not text.' },
  // Logos and the assets folder.
  'logo-missing': { severity: 'error', summary: 'The validator has no assets/<id>/logo.png.' },
  'logo-orphan-folder': { severity: 'error', summary: 'A logo folder whose name is not the id of any entry.' },
  'logo-bad-name': { severity: 'error', summary: 'The logo file is not named exactly logo.png (all lowercase).' },
  'logo-extra-file': { severity: 'warning', summary: 'A logo folder holds other files besides logo.png.' },
  'assets-stray-file': { severity: 'warning', summary: 'A file directly inside assets/ instead of in an <id> folder.' },
  'logo-unreadable': { severity: 'error', summary: 'The logo file could not be read from disk.' },
  'logo-empty': { severity: 'error', summary: 'The logo file is empty (0 bytes).' },
  'logo-not-png': { severity: 'error', summary: 'The file is not a PNG (for example a JPEG renamed to .png).' },
  'logo-corrupt': { severity: 'error', summary: 'The PNG is damaged or truncated and cannot be decoded.' },
  'logo-too-many-pixels': { severity: 'error', summary: 'The image is so large it is refused before decoding.' },
  'logo-animated': { severity: 'error', summary: 'The PNG is animated (APNG); logos must be still images.' },
  'logo-not-square': { severity: 'error', summary: 'The logo is not square.' },
  'logo-dimensions-too-small': { severity: 'error', summary: 'The logo is smaller than 128×128 px.' },
  'logo-dimensions-too-large': { severity: 'error', summary: 'The logo is larger than 512×512 px.' },
  'logo-size-not-recommended': { severity: 'info', summary: 'The logo is valid, but 256×256 px is recommended.' },
  'logo-file-too-large': { severity: 'error', summary: 'The logo file is over 100,000 bytes.' },
  'logo-16-bit': { severity: 'info', summary: 'The PNG uses 16 bits per channel; 8 is enough and smaller.' },
  'logo-interlaced': { severity: 'info', summary: 'The PNG is interlaced; this is allowed but makes the file larger.' },
  'logo-metadata': { severity: 'info', summary: 'The PNG carries a lot of metadata (text, EXIF, ICC); fixing strips it.' },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type FindingCode = keyof typeof FINDING_CODES;

export const ALL_FINDING_CODES = Object.keys(FINDING_CODES) as FindingCode[];

export function isFindingCode(value: string): value is FindingCode {
  return Object.hasOwn(FINDING_CODES, value);
}

export interface Finding {
  readonly severity: Severity;
  readonly code: FindingCode;
  /** Relative to the registry root, with forward slashes (or the file as given, outside a registry). */
  readonly path: string;
  readonly chain: string | null;
  readonly id: string | null;
  /** A sentence a non-programmer can act on. */
  readonly message: string;
  /** Which entry field the finding is about, e.g. `website` or `payout.commission` (for form validation). */
  readonly field?: string;
  /** 1-based position in list.json, where one is known. */
  readonly line?: number;
  readonly column?: number;
}

/** Where a finding is; the severity always comes from the catalog. */
export interface FindingPlace {
  path: string;
  chain?: string | null;
  id?: string | null;
  field?: string;
  line?: number;
  column?: number;
}

export function finding(code: FindingCode, place: FindingPlace, message: string): Finding {
  const f: { -readonly [K in keyof Finding]: Finding[K] } = {
    severity: FINDING_CODES[code].severity,
    code,
    path: place.path,
    chain: place.chain ?? null,
    id: place.id ?? null,
    message,
  };
  if (place.field !== undefined) f.field = place.field;
  if (place.line !== undefined) f.line = place.line;
  if (place.column !== undefined) f.column = place.column;
  return f;
}

export interface FindingCounts {
  errors: number;
  warnings: number;
  infos: number;
  byCode: Partial<Record<FindingCode, number>>;
}

export function countFindings(findings: readonly Finding[]): FindingCounts {
  const counts: FindingCounts = { errors: 0, warnings: 0, infos: 0, byCode: {} };
  for (const f of findings) {
    if (f.severity === 'error') counts.errors++;
    else if (f.severity === 'warning') counts.warnings++;
    else counts.infos++;
    counts.byCode[f.code] = (counts.byCode[f.code] ?? 0) + 1;
  }
  return counts;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Stable order: by path, then position, then severity, then code. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
