import path from 'node:path';
import { startEmbeddedGateway } from '../bridge-host/index';
import { BRIDGE_OPTIONS } from './bridge-help';
import { UsageError, type CliIo } from './command';
import { parseOptions, type OptionValues } from './options';
import { auditLogFile, bridgeLogFile, currentPathContext } from '../../platform/credentials/config-paths';
import { validateProfileName } from '../../platform/credentials/profiles';
import { AuditLog } from '../../bridge/audit-log';
import { createLogger } from '../../bridge/logger';
import { governHeap } from '../../bridge/heap-governor';
import { tuneBridgeProcess } from '../../bridge/process-flags';
import { runBridge } from '../../bridge/run-bridge';
import { expandRecordPath, FileRecorder } from '../../bridge/recorder';

function positive(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n) || n <= 0 || n > max)
    throw new UsageError(`${name} must be a positive number up to ${max}, got "${value}".`);
  return n;
}

/**
 * Entry point for the Electron main process's `--mcp-bridge` (pass the arguments after the flag): the
 * same options as `companion bridge`. Resolves with the exit code once the bridge has stopped.
 */
export async function runBridgeCli(argv: readonly string[], io: CliIo): Promise<number> {
  return startBridgeCli(parseOptions(BRIDGE_OPTIONS, argv, false).values, io);
}

/** Runs the bridge with parsed options (`companion bridge` parses them before loading this module). */
export async function startBridgeCli(values: OptionValues<typeof BRIDGE_OPTIONS>, io: CliIo): Promise<number> {
  const profile = values.profile ?? (io.env.GATEWAY_COMPANION_PROFILE || undefined);
  if (profile !== undefined) {
    try {
      validateProfileName(profile);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const timeoutSeconds = positive('--timeout', values.timeout, 3600);
  const maxCallSeconds = positive('--max-call-time', values['max-call-time'], 86_400);
  const maxMessageBytes = positive('--max-message-bytes', values['max-message-bytes'], 1024 * 1024 * 1024);
  if (maxMessageBytes !== undefined && (!Number.isInteger(maxMessageBytes) || maxMessageBytes < 1024))
    throw new UsageError('--max-message-bytes must be a whole number of at least 1024.');

  const recordMaxBytes = positive('--record-max-bytes', values['record-max-bytes'], 1024 * 1024 * 1024 * 1024);
  if (recordMaxBytes !== undefined && (!Number.isInteger(recordMaxBytes) || recordMaxBytes < 4096))
    throw new UsageError('--record-max-bytes must be a whole number of at least 4096.');
  // The app's config writer puts a record path with spaces in the environment for hosts that split arguments.
  const record = values.record ?? (io.env.GATEWAY_COMPANION_RECORD || undefined);
  if (record === '') throw new UsageError('--record needs a file name, e.g. --record session-{date}.jsonl.');

  const ownsProcess = io.stdout === process.stdout;
  if (ownsProcess) {
    // Already done first thing by `companion bridge`; the installed app's --mcp-bridge gets it here.
    tuneBridgeProcess();
    // V8 still lets the old generation run 8 MB past its live size: collect it sooner (see heap-governor.ts).
    governHeap();
  }
  const paths = currentPathContext(io.env);
  const log = createLogger({
    stderr: io.stderr,
    file: bridgeLogFile(paths),
    debug: values.debug ?? false,
    tag: `bridge[${profile ?? 'default'}:${process.pid}]`,
  });
  // stdout is protocol only: route any library's console output to stderr.
  if (ownsProcess) {
    const toStderr = (...args: unknown[]) => io.stderr.write(`${log.redact(args.map(String).join(' '))}\n`);
    console.log = console.info = console.debug = console.warn = toStderr;
  }
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    log.info(`received ${signal}`);
    stop.abort();
  };
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
  for (const s of signals) process.on(s, onSignal);
  log.debug('ready: nothing is read or sent until the host speaks');
  const recorder =
    record === undefined
      ? undefined
      : new FileRecorder({
          file: expandRecordPath(path.resolve(record), new Date()),
          ...(recordMaxBytes !== undefined ? { maxBytes: recordMaxBytes } : {}),
          onError: (message) => log.warn(message),
        });
  try {
    await runBridge({
      input: io.stdin,
      output: io.stdout,
      ...(profile !== undefined ? { profile } : {}),
      env: io.env,
      paths,
      log,
      audit: new AuditLog(auditLogFile(paths)),
      ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
      ...(maxCallSeconds !== undefined ? { maxCallSeconds } : {}),
      ...(maxMessageBytes !== undefined ? { maxMessageBytes } : {}),
      signal: stop.signal,
      embedded: startEmbeddedGateway,
      ...(recorder ? { recorder } : {}),
      onShutdown() {
        // The exit promise is 1 s from end of input or SIGTERM, whatever a library leaves running.
        if (ownsProcess) setTimeout(() => process.exit(process.exitCode ?? 0), 950).unref();
      },
    });
  } finally {
    await recorder?.close();
    for (const s of signals) process.off(s, onSignal);
    log.close();
    if (ownsProcess) process.stdin.destroy();
  }
  return 0;
}
