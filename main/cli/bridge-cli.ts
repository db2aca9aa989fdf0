import { startEmbeddedGateway } from '../bridge-host/index';
import { setFlagsFromString } from 'node:v8';
import { BRIDGE_OPTIONS } from './bridge-help';
import { UsageError, type CliIo } from './command';
import { parseOptions, type OptionValues } from './options';
import { auditLogFile, bridgeLogFile, currentPathContext } from '../../platform/credentials/config-paths';
import { validateProfileName } from '../../platform/credentials/profiles';
import { AuditLog } from '../../bridge/audit-log';
import { createLogger } from '../../bridge/logger';
import { governHeap } from '../../bridge/heap-governor';
import { runBridge } from '../../bridge/run-bridge';

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
  const maxMessageBytes = positive('--max-message-bytes', values['max-message-bytes'], 1024 * 1024 * 1024);
  if (maxMessageBytes !== undefined && (!Number.isInteger(maxMessageBytes) || maxMessageBytes < 1024))
    throw new UsageError('--max-message-bytes must be a whole number of at least 1024.');

  const ownsProcess = io.stdout === process.stdout;
  if (ownsProcess) {
    // The bridge moves bytes: V8's optimizing compiler and a young generation that keeps growing under
    // steady traffic buy it nothing measurable, but cost 10-15 MB of RSS (measured after 3,000 calls:
    // 72 MB → 58 MB, p50 unchanged). Both flags are read when they apply, so setting them now is safe
    // (unlike --lite-mode, which implies --jitless and aborts on WebAssembly, e.g. undici's parser).
    setFlagsFromString('--no-opt');
    setFlagsFromString('--semi-space-growth-factor=1');
    // With many calls in flight more garbage survives a scavenge, and V8 lets the old generation grow
    // by its default factor before collecting it: at 64 in flight the heap reached ~38 MB of which 8 MB
    // was live. Growing by 10 % at a time (read at each collection, so settable now) kept it at ~22 MB.
    setFlagsFromString('--heap-growing-percent=10');
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
    const toStderr = (...args: unknown[]) => io.stderr.write(`${args.map(String).join(' ')}\n`);
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
      ...(maxMessageBytes !== undefined ? { maxMessageBytes } : {}),
      signal: stop.signal,
      embedded: startEmbeddedGateway,
      onShutdown() {
        // The exit promise is 1 s from end of input or SIGTERM, whatever a library leaves running.
        if (ownsProcess) setTimeout(() => process.exit(process.exitCode ?? 0), 950).unref();
      },
    });
  } finally {
    for (const s of signals) process.off(s, onSignal);
    log.close();
    if (ownsProcess) process.stdin.destroy();
  }
  return 0;
}
