/**
 * A stand-in for the Gemini API on loopback, so Gemini CLI can run a turn with no account: the first
 * request that declares a function named like `toolSuffix` is answered with a call to it; later ones end the
 * turn with text.
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

interface Declarations {
  functionDeclarations?: Array<{ name?: string }>;
}

const usageMetadata = { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 };

function answer(res: ServerResponse, stream: boolean, parts: unknown[]): void {
  const chunk = { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata };
  if (stream) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`data: ${JSON.stringify(chunk)}\n\n`);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(chunk));
  }
}

export async function startFakeGemini(toolSuffix: string, input: Record<string, unknown>): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  let called = false;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ path, body });
      if (path.endsWith(':countTokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ totalTokens: 1 }));
        return;
      }
      const stream = path.endsWith(':streamGenerateContent');
      const declared = ((body.tools as Declarations[] | undefined) ?? []).flatMap((t) => t.functionDeclarations ?? []);
      const tool = declared.find((f) => f.name?.endsWith(toolSuffix));
      if (tool?.name && !called) {
        called = true;
        answer(res, stream, [{ functionCall: { name: tool.name, args: input } }]);
      } else answer(res, stream, [{ text: 'Done.' }]);
    })().catch((e: unknown) => res.writeHead(500).end(String(e)));
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
