/**
 * A stand-in for the OpenAI Responses API on loopback, so Codex can run a turn with no account: the first
 * request that offers a tool named like `toolSuffix` is answered with a call to it; later ones end the turn.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeModel } from './fake-anthropic';

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

interface Tool {
  type?: string;
  name?: string;
  tools?: Tool[];
}

/** The tool to call: a plain function tool, or a function inside a namespace (how Codex offers MCP servers' tools). */
function findTool(tools: readonly Tool[], suffix: string): { name: string; namespace?: string } | undefined {
  for (const t of tools) {
    if (t.type === 'namespace' && t.name) {
      const inner = t.tools?.find((f) => f.name?.endsWith(suffix));
      if (inner?.name) return { name: inner.name, namespace: t.name };
    } else if (t.name?.endsWith(suffix)) return { name: t.name };
  }
  return undefined;
}

export async function startFakeOpenAI(toolSuffix: string, input: Record<string, unknown>): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  let called = false;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ path, body });
      if (!path.endsWith('/responses')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
        return;
      }
      const tool = findTool((body.tools as Tool[] | undefined) ?? [], toolSuffix);
      const id = `resp_${requests.length}`;
      const usage = { input_tokens: 1, output_tokens: 1, total_tokens: 2, input_tokens_details: null, output_tokens_details: null };
      const item =
        tool && !called
          ? { type: 'function_call', id: 'fc_1', call_id: 'call_interop_1', ...tool, arguments: JSON.stringify(input), status: 'completed' }
          : {
              type: 'message',
              id: 'msg_1',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'Done.', annotations: [] }],
            };
      if (item.type === 'function_call') called = true;
      sse(res, [
        { type: 'response.created', response: { id } },
        { type: 'response.output_item.done', output_index: 0, item },
        { type: 'response.completed', response: { id, usage } },
      ]);
    })().catch((e: unknown) => res.writeHead(500).end(String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
