/** Test helper: the bridge in-process in front of a reference gateway, recording the session into a file. */
import type { RunningGateway } from '../../../gateway/index';
import { runBridgeCore } from '../../../bridge/core';
import { createHttpClient } from '../../../bridge/http-client';
import { createLogger } from '../../../bridge/logger';
import { FileRecorder } from '../../../bridge/recorder';
import { TestHost } from '../../../bridge/testing/host';

/** A bridge to `gateway` recording into `file`; `stop` resolves once the bridge stopped and the file is closed. */
export function recordingBridge(gateway: RunningGateway, file: string): { host: TestHost; stop: () => Promise<void> } {
  const host = new TestHost();
  const stop = new AbortController();
  const log = createLogger({ debug: false, tag: 'test' });
  const recorder = new FileRecorder({ file });
  const done = runBridgeCore({
    input: host.input,
    output: host.output,
    log,
    recorder,
    maxMessageBytes: 4 * 1024 * 1024,
    defaultTimeoutMs: 30_000,
    userAgent: 'test',
    signal: stop.signal,
    drainMs: 0,
    connect: async () => {
      const url = new URL(gateway.url);
      const http = await createHttpClient({ url, ca: gateway.caCertPem, proxy: false, env: {} });
      return {
        profile: 'test',
        url,
        http,
        credentials: { accessId: gateway.accessId, secretKey: gateway.secretKey },
        timeoutMs: 30_000,
        close: () => http.close(),
      };
    },
  }).finally(() => log.close());
  return {
    host,
    stop: async () => {
      stop.abort();
      await done;
      await recorder.close();
    },
  };
}
