import { bridgeLogFile, currentPathContext } from '../../platform/credentials/config-paths';
import { ENV_ACCESS_ID, ENV_OPT_IN, ENV_SECRET_KEY } from '../../platform/credentials/credentials';

import { DEFAULT_MAX_CALL_SECONDS, DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_RECORD_MAX_BYTES } from '../../bridge/limits';
import type { OptionSpecs } from './options';

/**
 * `companion bridge`'s help and options. They live apart from the command so that both it and the Electron
 * `--mcp-bridge` entry (which parses the same options) load them without the bridge itself.
 */
export const BRIDGE_USAGE = `companion bridge [--profile NAME] [--timeout SECONDS] [--max-call-time SECONDS] [--max-message-bytes N]
                        [--record FILE [--record-max-bytes N]] [--debug]`;

export const BRIDGE_ABOUT = `A stdio MCP server for assistants (Claude Desktop, Cursor, VS Code, ...). It forwards every JSON-RPC
message unchanged, ids included, to the profile's gateway over MCP Streamable HTTP and adds the
X-SVC-CREDENTIAL and X-SVC-SECRET-KEY headers from the OS keychain, so no secret sits in the
assistant's config or environment. Requests, responses, notifications, progress, cancellation,
ping and the gateway's own requests (sampling, elicitation, roots) all pass through.`;

export const BRIDGE_OPTIONS = {
  profile: {
    type: 'string',
    value: 'NAME',
    description: `Profile to use (default: the profiles file's default, else "default",
the bundled reference gateway, which the bridge starts on demand).
Also GATEWAY_COMPANION_PROFILE, handy where hosts mangle arguments.`,
  },
  timeout: {
    type: 'string',
    value: 'SECONDS',
    description: `Give up on a request the gateway has not answered after this long
(default: the profile's timeoutSeconds, else 60); progress from the
gateway restarts the clock. The host gets an error, the gateway a cancel.`,
  },
  'max-call-time': {
    type: 'string',
    value: 'SECONDS',
    description: `Give up on a request still running after this long, even while the
gateway keeps sending progress. The host gets an error naming this
limit, the gateway a cancel.`,
    default: String(DEFAULT_MAX_CALL_SECONDS),
  },
  'max-message-bytes': {
    type: 'string',
    value: 'N',
    description: `Largest message accepted from the host or the gateway;
larger ones are refused with an error`,
    default: String(DEFAULT_MAX_MESSAGE_BYTES),
  },
  record: {
    type: 'string',
    value: 'FILE',
    description: `Record every message of the session, both ways, as JSON lines in FILE
(secret-looking values redacted; docs/recordings.md). {date} in FILE
becomes the session's start time, so each session gets its own file; an
existing file is never overwritten (a number is added). Replay it with
companion mock FILE. Also GATEWAY_COMPANION_RECORD.`,
  },
  'record-max-bytes': {
    type: 'string',
    value: 'N',
    description: `Size cap of one recording: at the cap a final line says it was cut
and recording stops (the session goes on)`,
    default: String(DEFAULT_RECORD_MAX_BYTES),
  },
  debug: { type: 'boolean', description: "Log every message's method, id and timing (never payload secrets)." },
} as const satisfies OptionSpecs;

export const BRIDGE_MORE = `Set up credentials first:   companion login --profile work --url https://gateway.example.com/mcp
Check them:                 companion status --profile work

Claude Desktop (claude_desktop_config.json; restart Claude afterwards):
  {
    "mcpServers": {
      "gateway": {
        "command": "node",
        "args": ["/path/to/gateway-companion/out/main/cli.js", "bridge", "--profile", "work"]
      }
    }
  }

Cursor (~/.cursor/mcp.json, or .cursor/mcp.json in a project):
  {
    "mcpServers": {
      "gateway": {
        "command": "node",
        "args": ["/path/to/gateway-companion/out/main/cli.js", "bridge"],
        "env": { "GATEWAY_COMPANION_PROFILE": "work" }
      }
    }
  }

With the installed app, use the app itself as the command and "--mcp-bridge" (followed by the
options above) as the arguments; it runs this same bridge without opening a window.
Keep arguments free of spaces (some hosts on Windows do not quote them); use env instead.

Behaviour:
  - stdout carries only protocol. Logs go to stderr and to a size-capped log file:
      ${bridgeLogFile(currentPathContext({ HOME: '~', USERPROFILE: '~', APPDATA: '%APPDATA%' }))} (on this OS; docs/assistants.md lists the others)
  - Tool calls are recorded, with secret-looking arguments redacted, in audit.jsonl next to it.
  - Nothing touches the network before the host's first message. On end of input or SIGTERM the
    bridge ends the gateway session (HTTP DELETE) and exits within a second.
  - If the gateway session expires, the bridge re-initialises and retries once, invisibly.
  - If the gateway is down, resets, times out or answers garbage, every pending request gets exactly
    one JSON-RPC error naming the cause (error.data.cause); the bridge stays up and reconnects with
    backoff on the next request.
  - HTTPS is required (plain http only to loopback). TLS is always verified against the profile's CA
    file, else the system store plus NODE_EXTRA_CA_CERTS. HTTPS_PROXY / HTTP_PROXY / NO_PROXY apply
    unless the profile sets "proxy": false.
  - Headless servers without a keychain may opt in to environment credentials:
    ${ENV_OPT_IN}=env with ${ENV_ACCESS_ID} and ${ENV_SECRET_KEY}. Never the default.`;
