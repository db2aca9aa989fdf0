/**
 * A stand-in for the Anthropic Messages API on loopback, so Claude Code can run a turn with no account: the
 * first request that offers `toolName` is answered with a call to it; every later one ends the turn with text.
 * Every request body is kept, so a test can read the tool result the host sent back.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeModel {
  readonly url: string;
  readonly requests: Array<{ path: string; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

interface Message {
  role: string;
  content: unknown;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

function sse(res: ServerResponse, events: Array<Record<string, unknown>>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of events) res.write(`event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`);
  res.end();
}

export async function startFakeAnthropic(toolName: string, input: Record<string, unknown>): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  let called = false;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ path, body });
      if (!path.endsWith('/v1/messages')) {
        // count_tokens and anything else: a harmless small answer.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ input_tokens: 1 }));
        return;
      }
      const tools = (body.tools as Array<{ name?: string }> | undefined) ?? [];
      const offered = tools.some((t) => t.name === toolName);
      const callTool = offered && !called;
      if (callTool) called = true;
      const model = typeof body.model === 'string' ? body.model : 'fake';
      const content = callTool ? [{ type: 'tool_use', id: 'toolu_interop_1', name: toolName, input }] : [{ type: 'text', text: 'Done.' }];
      const stop = callTool ? 'tool_use' : 'end_turn';
      const usage = { input_tokens: 1, output_tokens: 1 };
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `msg_${requests.length}`,
            type: 'message',
            role: 'assistant',
            model,
            content,
            stop_reason: stop,
            stop_sequence: null,
            usage,
          }),
        );
        return;
      }
      const block = content[0]!;
      sse(res, [
        {
          type: 'message_start',
          message: {
            id: `msg_${requests.length}`,
            type: 'message',
            role: 'assistant',
            model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage,
          },
        },
        {
          type: 'content_block_start',
          index: 0,
          content_block: block.type === 'tool_use' ? { ...block, input: {} } : { type: 'text', text: '' },
        },
        {
          type: 'content_block_delta',
          index: 0,
          delta:
            block.type === 'tool_use'
              ? { type: 'input_json_delta', partial_json: JSON.stringify(input) }
              : { type: 'text_delta', text: 'Done.' },
        },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } },
        { type: 'message_stop' },
      ]);
    })().catch((e: unknown) => {
      res.writeHead(500).end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The tool_result blocks the host sent back in later requests. */
export function toolResults(requests: FakeModel['requests']): unknown[] {
  return requests.flatMap((r) =>
    ((r.body.messages as Message[] | undefined) ?? []).flatMap((m) =>
      Array.isArray(m.content) ? (m.content as Array<{ type?: string }>).filter((b) => b.type === 'tool_result') : [],
    ),
  );
}
