import { redactText } from '../domain/redact';
import { CappedFile } from './capped-file';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  readonly debugEnabled: boolean;
  /** Registers a value that must never appear in any log line or error message. */
  addSecret(secret: string): void;
  /** The text with every registered secret replaced, then secret-looking values (domain/redact). */
  redact(text: string): string;
  close(): void;
}

export interface LoggerOptions {
  /** Human-readable lines for the host's log (Claude Desktop and Cursor show a server's stderr). */
  readonly stderr?: NodeJS.WritableStream;
  readonly file?: string;
  readonly maxFileBytes?: number;
  readonly debug: boolean;
  /** Prefix naming the bridge and profile, e.g. `bridge[work]`. */
  readonly tag: string;
}

export function createLogger(options: LoggerOptions): Logger {
  const secrets = new Set<string>();
  const file = options.file ? new CappedFile(options.file, options.maxFileBytes ?? 1024 * 1024) : undefined;

  function redact(text: string): string {
    let out = text;
    for (const s of secrets) out = out.split(s).join('[redacted]');
    // The app's one rule: keys, phrases, WIF and extended keys, credential header values, in any line.
    return redactText(out);
  }

  function write(level: string, message: string): void {
    const line = `${new Date().toISOString()} ${options.tag} ${level} ${redact(message)}\n`;
    options.stderr?.write(line);
    file?.append(line);
  }

  return {
    debugEnabled: options.debug,
    debug(message) {
      if (options.debug) write('debug', message);
    },
    info: (message) => write('info', message),
    warn: (message) => write('warn', message),
    error: (message) => write('error', message),
    addSecret(secret) {
      // Very short values would mask ordinary text without protecting anything.
      if (secret.length >= 4) secrets.add(secret);
    },
    redact,
    close() {
      file?.close();
    },
  };
}
