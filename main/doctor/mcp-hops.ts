/**
 * The doctor's hops above TCP and TLS: the HTTP answer, the era, the credentials, tools/list, one harmless
 * call and the upstream's health. One initialize informs the first three (its status and content type, its
 * protocol version, whether it was refused); a gateway that refuses it the way a 2026-07-28-only server
 * does is asked `server/discover`, as the bridge asks it, and is then spoken to in that era. Each hop is
 * timed and the run stops at the first that fails.
 */
import type { SERVER_INFO_META_KEY } from '@modelcontextprotocol/client';
import type { HopId, HopResult } from '../../domain/doctor-report';
import { EMBEDDED_RATE_ENV } from '../../domain/embedded-tier';
import { fail, pass, skip, toHop, type Finding } from './hop';
import { MODERN_VERSION, readDiscoverResult } from '../../bridge/era-translation';
import { DOCTOR_IDENTITY, NoAnswer, type Answer, type GatewayExchange } from './gateway-exchange';

/** A checksummed Ethereum address: valid on every gateway of this shape, and costs nothing. */
const HARMLESS_CALL = { name: 'validate_address', arguments: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', asset_id: 'c60' } };

export interface McpHopContext {
  readonly profile: string;
  readonly url: URL;
  readonly rate: number | undefined;
  /** The built-in gateway's profile: its tier is the app's setting, not the profile's. */
  readonly builtIn?: boolean;
}

function loginHint(profile: string): string {
  return `companion login${profile === 'default' ? '' : ` --profile ${profile}`}`;
}

function htmlTitle(text: string): string | undefined {
  return /<title[^>]*>([^<]{1,120})<\/title>/i.exec(text)?.[1]?.trim();
}

function rateLimited(answer: Answer, ctx: McpHopContext): Finding {
  const wait = answer.retryAfter ? `; it asks to retry after ${answer.retryAfter} s` : '; it sent no Retry-After';
  if (ctx.builtIn)
    return fail(
      'rate_limited',
      `the built-in gateway answered HTTP 429 Too Many Requests${wait}: it emulates a tier (Settings → Built-in gateway, or ${EMBEDDED_RATE_ENV})`,
      ctx.rate === undefined
        ? 'Tick "Pace the built-in profile" in Settings → Built-in gateway so requests wait their turn, or turn the rate limit off there; then run the doctor again.'
        : `Requests are paced at ${ctx.rate} request(s)/s but the gateway still refuses: another program uses the demo account at the same time. Wait a little and run the doctor again.`,
    );
  return fail(
    'rate_limited',
    `the gateway answered HTTP 429 Too Many Requests${wait}`,
    ctx.rate === undefined
      ? `Give the profile the gateway tier's rate so requests are paced (e.g. ${loginHint(ctx.profile)} --rate 1), wait a little and run the doctor again.`
      : `The profile is paced at ${ctx.rate} request(s)/s but the gateway still refuses: lower it (${loginHint(ctx.profile)} --rate N) or wait and try again.`,
  );
}

/** What an answer that is no MCP reply says about the layer that sent it; undefined when it is the gateway's JSON or SSE. */
function transportProblem(answer: Answer, ctx: McpHopContext): Finding | undefined {
  const { status, contentType } = answer;
  if (contentType.startsWith('text/html')) {
    const title = htmlTitle(answer.text);
    return fail(
      'html_page',
      `HTTP ${status} with an HTML page${title ? ` ("${title}")` : ''}: a proxy, a captive portal or another web server answered, not the gateway`,
      status === 502 || status === 503 || status === 504
        ? 'A proxy in front of the gateway cannot reach it: the gateway is down or overloaded. Try again later, or tell whoever runs it.'
        : `Check that the profile's URL (${ctx.url.href}) is the gateway's MCP endpoint, and whether a proxy or a sign-in page sits in between.`,
    );
  }
  if (status === 404)
    return fail(
      'not_found',
      `no MCP endpoint at ${ctx.url.pathname} (HTTP 404)`,
      `Check the path in the profile's URL: the reference gateway's is /mcp, the public gateway's /tws (${loginHint(ctx.profile)} --url URL).`,
    );
  if (status >= 500)
    return fail(
      'gateway_error',
      `the gateway failed (HTTP ${status})`,
      'The gateway or its upstream is down or overloaded: try again later, or tell whoever runs it.',
    );
  const known = contentType.startsWith('application/json') || contentType.startsWith('text/event-stream');
  if (status !== 401 && status !== 403 && status !== 429 && !known)
    return fail(
      'not_mcp',
      `HTTP ${status} with content type "${contentType || 'none'}": whatever holds ${ctx.url.host} is not an MCP gateway`,
      `Another program holds this port, or the URL is wrong: check what listens at ${ctx.url.host} and the profile's URL.`,
    );
  return undefined;
}

function credentialsRefused(answer: Answer, ctx: McpHopContext): Finding {
  const why = answer.message?.error?.message ?? (answer.text.slice(0, 200) || `HTTP ${answer.status}`);
  return answer.status === 401
    ? fail(
        'auth_rejected',
        `the gateway refused the credentials (HTTP 401: ${why})`,
        `Store the right access id and secret key: ${loginHint(ctx.profile)}. If they are right, check the profile's header names (--credential-header, --secret-header) match the gateway's.`,
      )
    : fail(
        'forbidden',
        `the gateway accepted the credentials but refuses this (HTTP 403: ${why})`,
        `The account lacks access: check its plan or permissions with the gateway's provider, or store another account's credentials (${loginHint(ctx.profile)}).`,
      );
}

type Step = { id: HopId; finding: Finding; ms: number };

/**
 * An initialize refused the way a 2026-07-28-only server refuses it (the SDK answers 400 with -32022 and
 * its versions; others a JSON-RPC error, 404 or 405), as the bridge's negotiator reads it: not a refusal of
 * the credentials, the rate or a proxy's page, which the hops report as they are.
 */
function refusedAsModernOnly(a: Answer): boolean {
  if (a.message?.result !== undefined || a.status === 401 || a.status === 403 || a.status === 429) return false;
  if (a.contentType.startsWith('text/html')) return false;
  return a.message !== undefined || a.status === 400 || a.status === 404 || a.status === 405;
}

/** Where a DiscoverResult names its server (typed against the SDK's declaration, as the bridge's is). */
const SERVER_INFO_KEY: typeof SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';

/** The server an initialize or DiscoverResult names, in a few words. */
function serverName(info: { name?: unknown; version?: unknown } | undefined): string {
  return info ? `${String(info.name)} ${String(info.version)}` : 'unnamed server';
}

/**
 * The schema compiler the tools hop needs, loaded once: a run starts loading it while the hops before it
 * wait on the keychain and the network, instead of before the first hop.
 */
let schemaCompiler: Promise<typeof import('ajv')> | undefined;
export function loadSchemaCompiler(): Promise<typeof import('ajv')> {
  schemaCompiler ??= import('ajv');
  return schemaCompiler;
}

/** Runs the hops from the HTTP answer to the upstream's health, stopping at the first that fails. */
export async function mcpHops(exchange: GatewayExchange, ctx: McpHopContext, timeoutMs: number): Promise<HopResult[]> {
  const steps: Step[] = [];
  const done = () => steps.map((s) => toHop(s.id, s.finding, s.ms));
  const timedCall = async (run: () => Promise<Answer>): Promise<{ answer?: Answer; finding?: Finding; ms: number }> => {
    const started = performance.now();
    try {
      return { answer: await run(), ms: performance.now() - started };
    } catch (error) {
      const e = error as NoAnswer;
      const finding =
        e instanceof NoAnswer && e.timedOut
          ? fail(
              'timeout',
              `the gateway took the request but did not answer within ${Math.round(timeoutMs / 1000)} s`,
              'The gateway or its upstream is stuck or overloaded: try again later; if it persists, tell whoever runs it.',
            )
          : fail(
              'no_answer',
              `the connection broke before an answer: ${(error as Error).message}`,
              'Something between here and the gateway (a proxy, a firewall) cuts the connection, or the gateway crashed: check it and try again.',
            );
      return { finding, ms: performance.now() - started };
    }
  };

  // HTTP answer, era and credentials, from one initialize (and server/discover if it is refused as a 2026-only server refuses it).
  const init = await timedCall(() =>
    exchange.call('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: DOCTOR_IDENTITY.clientInfo }),
  );
  if (!init.answer) return [...done(), toHop('http', init.finding!, init.ms)];
  const a = init.answer;
  const probe = refusedAsModernOnly(a) ? await timedCall(() => exchange.discover()) : undefined;
  const discovered = probe?.answer?.message && (await readDiscoverResult(probe.answer.message));
  if (probe?.answer && discovered) {
    const d = probe.answer;
    exchange.useModernEra();
    steps.push({ id: 'http', finding: pass(`HTTP ${d.status}, ${d.contentType || 'no content type'}`), ms: init.ms + probe.ms });
    steps.push({
      id: 'era',
      finding: pass(
        `protocol ${MODERN_VERSION} only (it refused initialize with HTTP ${a.status} and answered server/discover), ${serverName(discovered._meta?.[SERVER_INFO_KEY])}`,
      ),
      ms: 0,
    });
    steps.push({ id: 'credentials', finding: pass('server/discover accepted'), ms: 0 });
  } else {
    const legacy = await legacyHandshake(exchange, a, init.ms, ctx, probe !== undefined);
    steps.push(...legacy.steps);
    if (!legacy.ok) return done();
  }

  // tools/list: count, names, schemas that compile.
  const list = await timedCall(() => exchange.call('tools/list'));
  // The harmless call goes out as soon as tools/list brought a list, and travels while the schemas compile
  // here (one at a time, letting its answer in between). Its answer is read only if the tools hop passes,
  // so the run still stops at the first broken hop: a broken schema costs one harmless request, never a
  // different report.
  const early = list.answer && listsTools(list.answer) ? timedCall(() => exchange.call('tools/call', HARMLESS_CALL)) : undefined;
  const listed = list.answer && (await judgeTools(list.answer, ctx));
  steps.push({ id: 'tools', finding: listed ?? list.finding!, ms: list.ms });
  if (!('ok' in steps.at(-1)!.finding) || !(steps.at(-1)!.finding as { ok: boolean }).ok) {
    await early;
    return done();
  }

  // One harmless call, and what it says about the upstream.
  const call = await (early ?? timedCall(() => exchange.call('tools/call', HARMLESS_CALL)));
  if (!call.answer) return [...done(), toHop('call', call.finding!, call.ms)];
  const c = call.answer;
  if (c.status === 429)
    return [...done(), toHop('call', pass('refused for the rate, see below'), call.ms), toHop('upstream', rateLimited(c, ctx), 0)];
  const callProblem = transportProblem(c, ctx) ?? (c.status === 401 || c.status === 403 ? credentialsRefused(c, ctx) : undefined);
  if (callProblem) return [...done(), toHop('call', callProblem, call.ms)];
  const callResult = c.message?.result as { isError?: boolean; content?: { text?: string }[] } | undefined;
  if (!callResult) {
    const why = c.message?.error?.message ?? `HTTP ${c.status} without a result`;
    return [
      ...done(),
      toHop(
        'call',
        fail(
          'call_failed',
          `validate_address failed: ${why}`,
          'The gateway refuses a plain call: see its message; tell whoever runs it if it persists.',
        ),
        call.ms,
      ),
    ];
  }
  steps.push({
    id: 'call',
    finding: pass(callResult.isError ? 'answered with a tool error (see the upstream)' : 'validate_address answered'),
    ms: call.ms,
  });
  steps.push({ id: 'upstream', finding: upstreamHealth(callResult, ctx), ms: 0 });
  return done();
}

/** The 2025 era's handshake read from initialize's answer: the HTTP answer, the era and the credentials; `ok` when all three passed. */
async function legacyHandshake(
  exchange: GatewayExchange,
  a: Answer,
  ms: number,
  ctx: McpHopContext,
  askedDiscover: boolean,
): Promise<{ steps: Step[]; ok: boolean }> {
  if (a.status === 429) return { steps: [{ id: 'http', finding: rateLimited(a, ctx), ms }], ok: false };
  const transport = transportProblem(a, ctx);
  if (transport) return { steps: [{ id: 'http', finding: transport, ms }], ok: false };
  const steps: Step[] = [{ id: 'http', finding: pass(`HTTP ${a.status}, ${a.contentType || 'no content type'}`), ms }];
  if (a.status === 401 || a.status === 403) {
    steps.push({ id: 'era', finding: skip('the gateway names its era only to accepted credentials'), ms: 0 });
    steps.push({ id: 'credentials', finding: credentialsRefused(a, ctx), ms: 0 });
    return { steps, ok: false };
  }
  const result = a.message?.result as { protocolVersion?: unknown; serverInfo?: { name?: unknown; version?: unknown } } | undefined;
  if (!result || typeof result.protocolVersion !== 'string') {
    const why = a.message?.error?.message ?? 'no initialize result';
    steps.push({
      id: 'era',
      finding: fail(
        'era_unknown',
        askedDiscover
          ? `the gateway answered neither initialize (${why}) nor server/discover`
          : `the gateway did not answer initialize (${why})`,
        `The gateway speaks neither the 2025 era nor ${MODERN_VERSION}: check the profile's URL is its MCP endpoint, else tell whoever runs the gateway.`,
      ),
      ms: 0,
    });
    return { steps, ok: false };
  }
  exchange.useProtocolVersion(result.protocolVersion);
  steps.push({ id: 'era', finding: pass(`protocol ${result.protocolVersion}, ${serverName(result.serverInfo)}`), ms: 0 });
  steps.push({ id: 'credentials', finding: pass('initialize accepted'), ms: 0 });
  await exchange.notify('notifications/initialized').catch(() => undefined);
  return { steps, ok: true };
}

/** Whether an answer to tools/list is the gateway's 2xx answer with tools in it. */
function listsTools(answer: Answer): boolean {
  const tools = (answer.message?.result as { tools?: unknown } | undefined)?.tools;
  return answer.status >= 200 && answer.status < 300 && Array.isArray(tools) && tools.length > 0;
}

/** Lets I/O in (an answer on its way) between two pieces of work on the main thread. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

async function judgeTools(answer: Answer, ctx: McpHopContext): Promise<Finding> {
  if (answer.status === 429) return rateLimited(answer, ctx);
  const problem =
    transportProblem(answer, ctx) ?? (answer.status === 401 || answer.status === 403 ? credentialsRefused(answer, ctx) : undefined);
  if (problem) return problem;
  const tools = (answer.message?.result as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools))
    return fail(
      'tools_invalid',
      `tools/list gave no list of tools (${answer.message?.error?.message ?? `HTTP ${answer.status}`})`,
      'The gateway answers, but not as MCP: tell whoever runs it.',
    );
  const { Ajv } = await loadSchemaCompiler();
  const ajv = new Ajv({ strict: false, validateFormats: false });
  const bad: string[] = [];
  const names: string[] = [];
  for (const tool of tools as { name?: unknown; inputSchema?: unknown }[]) {
    await yieldToIo();
    const name = typeof tool?.name === 'string' ? tool.name : undefined;
    if (!name) {
      bad.push('a tool without a name');
      continue;
    }
    names.push(name);
    const schema = tool.inputSchema as Record<string, unknown> | undefined;
    if (!schema || typeof schema !== 'object' || schema.type !== 'object') {
      bad.push(`${name} (input schema is not an object schema)`);
      continue;
    }
    try {
      const { $id: _id, $schema: _s, ...rest } = schema;
      ajv.compile(rest);
    } catch (error) {
      bad.push(`${name} (${(error as Error).message})`);
    }
  }
  if (bad.length > 0)
    return fail(
      'tools_invalid',
      `${tools.length} tools, but ${bad.length} with a broken schema: ${bad.slice(0, 5).join('; ')}`,
      'Assistants may refuse these tools: tell whoever runs the gateway.',
    );
  if (names.length === 0)
    return fail('no_tools', 'the gateway lists no tools', 'The account may have no tools enabled: check it with the gateway provider.');
  return pass(`${names.length} tools: ${names.slice(0, 13).join(', ')}${names.length > 13 ? ', …' : ''}`);
}

function upstreamHealth(result: { isError?: boolean; content?: { text?: string }[] }, ctx: McpHopContext): Finding {
  const text =
    result.content
      ?.map((c) => c.text ?? '')
      .join(' ')
      .slice(0, 300) ?? '';
  if (!result.isError)
    return pass(
      ctx.rate === undefined ? 'answered; no rate limit met (the profile sets no rate)' : `answered; requests paced at ${ctx.rate}/s`,
    );
  if (/429|rate|too many/i.test(text))
    return fail(
      'upstream_rate_limited',
      `the gateway's upstream is rate limiting this account: ${text}`,
      `Pace requests to the tier (${loginHint(ctx.profile)} --rate 1) and try again in a minute.`,
    );
  if (/timed? ?out|timeout/i.test(text))
    return fail(
      'upstream_timeout',
      `the gateway's upstream did not answer in time: ${text}`,
      'The upstream service is slow or down: try again later; tell whoever runs the gateway if it persists.',
    );
  if (/credential|unauthori|forbidden|403|401/i.test(text))
    return fail(
      'upstream_auth',
      `the upstream refused the account: ${text}`,
      `Check the account with the gateway's provider, or store other credentials (${loginHint(ctx.profile)}).`,
    );
  return fail(
    'upstream_error',
    `the call came back as an error: ${text}`,
    'The upstream service has a problem: try again later; tell whoever runs the gateway if it persists.',
  );
}
