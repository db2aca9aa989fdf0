import { resolve } from 'node:path';
import { defineCommand, UsageError } from '../command';
import { portOption } from '../port-option';

/** Resolves on Ctrl-C or SIGTERM. */
function untilStopped(): Promise<string> {
  return new Promise((done) => {
    const stop = (signal: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      done(signal);
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
}

export const mockCommand = defineCommand({
  path: ['mock'],
  summary: 'Serve a recorded session or a collection as an MCP server (stdio or loopback HTTP) for tests',
  usage: 'companion mock <recording-or-collection> [--port N | --stdio]',
  about: `Serves the answers of a session recorded with "companion bridge --record FILE" as an MCP
server, in both protocol eras (2025-11-25 and the stateless 2026-07-28). Its tools are the
recorded tools/list answer, else the gateway's contracts of the tools the session called.
A tool call is answered by tool name and arguments (key order does not matter) with the
recorded result or error; a call that was not recorded gets JSON-RPC error -32602 naming
the nearest recorded call (same tool, fewest differing arguments) and what differs.
A collection (*.collection.json) serves its items' snapshots instead: each item with a
snapshot of the whole response, or of structuredContent, answers its tool and arguments
(with the collection's variables filled in); items without one have no answer. Which of
the two a file is, the mock tells by its content.`,
  options: {
    port: {
      type: 'string',
      value: 'N',
      description: `Serve MCP over HTTP at http://127.0.0.1:N/mcp (0 picks a free port).
The first line on stdout is JSON: {"url":"http://127.0.0.1:PORT/mcp"}.
Point a profile at it: companion login --profile mock --url <url>
(any access id and secret: the mock ignores them). Ctrl-C stops it.`,
    },
    stdio: {
      type: 'boolean',
      description: `Serve MCP on stdin and stdout, like "companion bridge" (the default
without --port); stops when stdin ends`,
    },
  },
  positionals: true,
  more: `Examples:
  companion bridge --record ~/recordings/claude-{date}.jsonl     (in the assistant's config)
  companion mock ~/recordings/claude-2026-11-28_09-15-02.jsonl --port 0
  companion mock session.jsonl --stdio                          (as an assistant's MCP server)
  companion mock swaps.collection.json --port 0

See docs/recordings.md.`,
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError('give one recording or collection file, e.g. companion mock session.jsonl --port 0');
    if (values.port !== undefined && values.stdio) throw new UsageError('choose one of --port N and --stdio, not both.');
    const port = values.port === undefined ? undefined : portOption(values.port);
    const { mockCatalog, serveMockHttp, serveMockStdio } = await import('../../mock/mock-server');
    const { readMockSource, MockInputError } = await import('../../mock/mock-source');
    let loaded;
    try {
      loaded = await readMockSource(resolve(positionals[0]!));
    } catch (error) {
      if (!(error instanceof MockInputError)) throw error;
      io.stderr.write(`companion mock: ${error.message}\n`);
      return 1;
    }
    if (loaded.notes) io.stderr.write(`companion mock: ${loaded.notes}\n`);
    const catalog = mockCatalog(loaded.source);
    const summary = `${loaded.source.calls().length} answers, ${catalog.tools.length} tools`;
    if (port === undefined) {
      const served = serveMockStdio(catalog, io.stdin as NodeJS.ReadStream, io.stdout as NodeJS.WriteStream);
      await new Promise<void>((done) => {
        io.stdin.once('end', done);
        io.stdin.once('close', done);
      });
      await served.close();
      return 0;
    }
    let http;
    try {
      http = await serveMockHttp(catalog, port);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      io.stderr.write(`companion mock: port ${port} on 127.0.0.1 is already in use; choose another, or --port 0 for a free one.\n`);
      return 1;
    }
    const stopped = untilStopped();
    io.stdout.write(`${JSON.stringify({ url: http.url })}\n`);
    io.stderr.write(`Mock MCP server on ${http.url} (${summary}). Ctrl-C to stop.\n`);
    const signal = await stopped;
    await http.close();
    io.stderr.write(`Mock stopped (${signal}).\n`);
    return 0;
  },
});
