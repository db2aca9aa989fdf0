import { FileReadError, readBoundedFileIfExists } from '../../platform/files/bounded-read';
import type { ClientSpec } from './catalog';
import { ENTRY_NAME } from './catalog';
import { ConfigShapeError } from './config-errors';
import { isEmptyDocument, locate, memberValue, parseJsonConfig, removeEntry, setEntry } from './json-edit';
import { parseToml, removeTomlEntry, setTomlEntry, tomlEntry } from './toml-edit';

/** One client's config text, parsed: our entry and the edits that add or remove only it. */
export interface ConfigDocument {
  /** Our entry as the file holds it, or undefined. */
  readonly entry: unknown;
  /** True when the container holds nothing but our entry. */
  readonly entryIsAlone: boolean;
  /** True when the file has the servers container (`mcpServers`, …) at all. */
  readonly hasContainer: boolean;
  /** The new text with our entry set to `value` (the same text when already so). */
  withEntry(value: Record<string, unknown>): string;
  /** The new text without our entry; `dropContainer` also removes the container when it would be left empty. */
  withoutEntry(dropContainer: boolean): string;
}

/**
 * A client's config bytes, or null when there is none. `target` is where a symlinked config really lives.
 * A config that is not a regular file or is too large throws a ConfigShapeError naming `file`.
 */
export async function readConfigFile(file: string, target = file): Promise<Buffer | null> {
  try {
    return await readBoundedFileIfExists(target, { limit: 'clientConfig' });
  } catch (error) {
    if (error instanceof FileReadError) throw new ConfigShapeError(file, `it ${error.detail}`);
    throw error;
  }
}

/**
 * Parses a client's config (an empty or missing file counts as empty). Throws ConfigParseError with the
 * line for text that does not parse, and ConfigShapeError when the file cannot be edited safely.
 */
export function openConfig(spec: ClientSpec, file: string, text: string): ConfigDocument {
  const key = spec.containerKey;
  if (spec.format === 'toml') {
    const doc = parseToml(file, text);
    const entry = tomlEntry(file, doc, key, ENTRY_NAME);
    const container = doc[key] as Record<string, unknown> | undefined;
    return {
      entry,
      entryIsAlone: entry !== undefined && Object.keys(container ?? {}).length === 1,
      hasContainer: container !== undefined,
      withEntry: (value) => setTomlEntry(file, text, key, ENTRY_NAME, value),
      withoutEntry: () => removeTomlEntry(file, text, key, ENTRY_NAME),
    };
  }
  const config = parseJsonConfig(file, text, spec.format === 'jsonc');
  const found = locate(config, file, key, ENTRY_NAME);
  const entry = memberValue(found.member);
  return {
    entry,
    entryIsAlone: entry !== undefined && found.container?.children?.[1]?.children?.length === 1,
    hasContainer: found.container !== undefined,
    withEntry: (value) => setEntry(config, file, key, ENTRY_NAME, value),
    withoutEntry: (dropContainer) => removeEntry(config, file, key, ENTRY_NAME, dropContainer),
  };
}

/** True when a config holds nothing any more: no settings and no comments (`{}` or blank). */
export function isEmptyConfig(spec: ClientSpec, text: string): boolean {
  if (spec.format === 'toml') return text.trim() === '';
  return isEmptyDocument(text) && !/\/[/*]/.test(text);
}
