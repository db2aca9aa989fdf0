import { UsageError } from './command';

/** `--port N` of the commands that listen (web, gateway, mock): a whole number from 0 (a free port) to 65535. */
export function portOption(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new UsageError(`--port must be a whole number from 0 to 65535, got "${text}".`);
  return port;
}
