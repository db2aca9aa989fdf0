import { DEFAULT_HEADER_NAMES, type CredentialHeaderNames } from '../../../../../domain/profile-gateway';
import { redactSecrets } from '../../../../../domain/redact';

/**
 * Exports of one tool call, for pasting into a terminal or a program. The two headers come from
 * environment variables, and secret-looking arguments (domain/redact) are "[redacted]", so an export can
 * be shared as it is. Only for the built-in reference gateway do the builders take its demo account
 * (public by design, labelled as such) as the variables' fallback, so the export runs as it is.
 */
export interface SnippetInput {
  readonly url: string;
  /** The profile's CA file, when the gateway's certificate is not publicly trusted (the embedded one). */
  readonly caFile?: string;
  readonly protocolVersion: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
  /** The built-in reference gateway's demo account, used when the variables are not set. */
  readonly demo?: { readonly accessId: string; readonly secretKey: string };
  /** The headers the profile's gateway reads the credentials from (default X-SVC-CREDENTIAL / X-SVC-SECRET-KEY). */
  readonly headerNames?: CredentialHeaderNames;
}

const namesOf = (input: SnippetInput): CredentialHeaderNames => input.headerNames ?? DEFAULT_HEADER_NAMES;

export const ACCESS_ID_VAR = 'GATEWAY_ACCESS_ID';
export const SECRET_KEY_VAR = 'GATEWAY_SECRET_KEY';

const FALLBACK_PROTOCOL = '2025-11-25';

function protocol(input: SnippetInput): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(input.protocolVersion) ? input.protocolVersion : FALLBACK_PROTOCOL;
}

function callMessage(input: SnippetInput, id: number) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: input.tool, arguments: redactSecrets(input.args) } };
}

/** The HTTP request that carries the call, headers included, as the MCP Streamable HTTP transport sends it. */
export function jsonRpcRequest(input: SnippetInput): string {
  return [
    `POST ${input.url}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `${namesOf(input).credential}: ${input.demo ? input.demo.accessId : `<${ACCESS_ID_VAR}>`}`,
    `${namesOf(input).secret}: ${input.demo ? input.demo.secretKey : `<${SECRET_KEY_VAR}>`}`,
    'Mcp-Session-Id: <the Mcp-Session-Id header of the initialize response>',
    `MCP-Protocol-Version: ${protocol(input)}`,
    '',
    JSON.stringify(callMessage(input, 2), null, 2),
  ].join('\n');
}

const tsString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

function indent(text: string, spaces: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

/** A runnable TypeScript (ES module) program using the official MCP SDK, reading the credentials from the environment. */
export function typescriptSnippet(input: SnippetInput): string {
  const lines = [
    input.demo
      ? `// Run with: ${input.caFile ? `NODE_EXTRA_CA_CERTS=${input.caFile} ` : ''}npx tsx call.ts (the built-in gateway's demo credentials are the fallback)`
      : `// Run with: ${ACCESS_ID_VAR}=… ${SECRET_KEY_VAR}=… ${input.caFile ? `NODE_EXTRA_CA_CERTS=${input.caFile} ` : ''}npx tsx call.ts`,
    "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
    "import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';",
    '',
    ...(input.demo
      ? ['// Demo credentials of the built-in reference gateway: not secret, they only open the offline gateway on this computer.']
      : []),
    `const accessId = process.env.${ACCESS_ID_VAR}${input.demo ? ` ?? ${tsString(input.demo.accessId)}` : ''};`,
    `const secretKey = process.env.${SECRET_KEY_VAR}${input.demo ? ` ?? ${tsString(input.demo.secretKey)}` : ''};`,
    `if (!accessId || !secretKey) throw new Error('Set ${ACCESS_ID_VAR} and ${SECRET_KEY_VAR}: the gateway needs both headers.');`,
    '',
    `const transport = new StreamableHTTPClientTransport(new URL(${tsString(input.url)}), {`,
    `  requestInit: { headers: { ${tsString(namesOf(input).credential)}: accessId, ${tsString(namesOf(input).secret)}: secretKey } },`,
    '});',
    "const client = new Client({ name: 'my-agent', version: '1.0.0' });",
    'await client.connect(transport);',
    'try {',
    `  const result = await client.callTool({`,
    `    name: ${tsString(input.tool)},`,
    `    arguments: ${indent(JSON.stringify(redactSecrets(input.args), null, 2), 4)},`,
    '  });',
    '  if (result.isError) console.error(result.content);',
    '  else console.log(JSON.stringify(result.structuredContent ?? result.content, null, 2));',
    '} finally {',
    '  await client.close();',
    '}',
  ];
  return lines.join('\n');
}

/** Single-quoted for POSIX shells: a quote inside becomes '\''. */
/** `"Name: $VAR"`; a name with characters the shell would read inside double quotes is single-quoted apart. */
function curlHeader(name: string, variable: string): string {
  return /^[A-Za-z0-9-]+$/.test(name) ? `"${name}: $${variable}"` : `${shellQuote(`${name}: `)}"$${variable}"`;
}

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/**
 * A bash script with curl: initialize (the gateway hands out a session id), the initialized
 * notification, the call, then the session's DELETE. The credentials come from the environment.
 */
export function curlSnippet(input: SnippetInput): string {
  const version = protocol(input);
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'curl', version: '1.0.0' } },
  };
  return [
    '#!/usr/bin/env bash',
    input.demo
      ? `# ${input.tool} through the built-in reference gateway with curl.`
      : `# ${input.tool} through the gateway with curl. Set ${ACCESS_ID_VAR} and ${SECRET_KEY_VAR} first.`,
    'set -euo pipefail',
    ...(input.demo
      ? [
          '# Demo credentials of the built-in reference gateway: not secret, they only open the offline gateway on this computer.',
          `: "\${${ACCESS_ID_VAR}:=${input.demo.accessId}}" "\${${SECRET_KEY_VAR}:=${input.demo.secretKey}}"`,
        ]
      : []),
    `URL=${shellQuote(input.url)}`,
    `CURL=(curl -sS${input.caFile ? ` --cacert ${shellQuote(input.caFile)}` : ''}`,
    "  -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'",
    `  -H ${curlHeader(namesOf(input).credential, ACCESS_ID_VAR)} -H ${curlHeader(namesOf(input).secret, SECRET_KEY_VAR)})`,
    '',
    '# 1. initialize: the session id comes back in a response header.',
    `SESSION=$("\${CURL[@]}" -D - -o /dev/null "$URL" -d ${shellQuote(JSON.stringify(init))} | tr -d '\\r' | awk -F': ' 'tolower($1) == "mcp-session-id" { print $2 }')`,
    `S=(-H "Mcp-Session-Id: $SESSION" -H ${shellQuote(`MCP-Protocol-Version: ${version}`)})`,
    '"${CURL[@]}" "${S[@]}" "$URL" -d \'{"jsonrpc":"2.0","method":"notifications/initialized"}\'',
    '',
    '# 2. the call (the answer may arrive as a server-sent event: a "data:" line).',
    `"\${CURL[@]}" "\${S[@]}" "$URL" -d ${shellQuote(JSON.stringify(callMessage(input, 2)))}`,
    'echo',
    '',
    '# 3. end the session.',
    '"${CURL[@]}" "${S[@]}" -X DELETE -o /dev/null "$URL"',
  ].join('\n');
}

export const EXPORT_FORMATS = [
  { id: 'jsonrpc', label: 'JSON-RPC request', build: jsonRpcRequest },
  { id: 'typescript', label: 'TypeScript (MCP SDK)', build: typescriptSnippet },
  { id: 'curl', label: 'curl', build: curlSnippet },
] as const;
