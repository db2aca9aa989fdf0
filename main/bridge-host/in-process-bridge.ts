/**
 * The bridge assistants run (`runBridge`), started in-process over a stream pair with the app's
 * embedded-gateway starter: what the playground and the collection runner connect their MCP clients to,
 * so what they see is what an assistant gets.
 */
import { PassThrough } from 'node:stream';
import { createLogger, type Logger } from '../../bridge/logger';
import { runBridge, type RunBridgeOptions } from '../../bridge/run-bridge';
import { bridgeLogFile, type PathContext } from '../../platform/credentials/config-paths';
import { startEmbeddedGateway } from './index';

export interface InProcessBridgeOptions extends Pick<RunBridgeOptions, 'keychain' | 'audit' | 'onRateWait' | 'onShutdown'> {
  readonly profile: string;
  readonly env: NodeJS.ProcessEnv;
  readonly paths: PathContext;
  readonly maxMessageBytes: number;
  /** Names the client in the bridge log, e.g. `test[work]`. */
  readonly tag: string;
}

export interface InProcessBridge {
  /** The bridge's messages to its host: newline-delimited JSON-RPC, ended when the bridge stops. */
  readonly fromBridge: NodeJS.ReadableStream;
  /** The host's messages to the bridge; ending it stops the bridge. */
  readonly toBridge: NodeJS.WritableStream;
  /** The bridge registers the profile's credentials with its logger: text redacted with it hides them too. */
  readonly log: Logger;
  /** Settles once the bridge has stopped and its log is closed. */
  readonly done: Promise<void>;
}

export function startInProcessBridge(options: InProcessBridgeOptions): InProcessBridge {
  const toBridge = new PassThrough();
  const fromBridge = new PassThrough();
  const log = createLogger({ file: bridgeLogFile(options.paths), debug: false, tag: options.tag });
  const done = runBridge({
    input: toBridge,
    output: fromBridge,
    profile: options.profile,
    env: options.env,
    paths: options.paths,
    log,
    maxMessageBytes: options.maxMessageBytes,
    embedded: startEmbeddedGateway,
    ...(options.audit !== undefined ? { audit: options.audit } : {}),
    ...(options.keychain ? { keychain: options.keychain } : {}),
    ...(options.onRateWait ? { onRateWait: options.onRateWait } : {}),
    ...(options.onShutdown ? { onShutdown: options.onShutdown } : {}),
  }).finally(() => {
    fromBridge.end();
    log.close();
  });
  return { fromBridge, toBridge, log, done };
}
