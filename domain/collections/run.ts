/**
 * Runs a collection's items in order against a gateway handed in (the main process supplies one over
 * MCP). Pure: no I/O of its own, so the rules (variables, bad input, bail, cancel) are tested without a
 * gateway. An item that cannot run gets one plain problem and the run goes on with the next.
 */
import { evaluateAssertions, responseDocument, type CallResponse } from './assertions';
import type { Collection, CollectionItem } from './format';
import { jsonDifferences, shortJson } from './json-compare';
import { pointerOf, pointerTokens, resolvePointer } from './json-pointer';
import type { CollectionReport, EraDifference, ItemReport } from './report';
import { substitute } from './variables';

/** One gateway connection as the runner needs it. */
export interface ToolGateway {
  /** The tools it lists. */
  readonly tools: readonly string[];
  /** Problems of `args` against the tool's input schema, in plain words; empty when they fit. */
  checkArguments(tool: string, args: Record<string, unknown>): readonly string[];
  /** Problems of a structured result against the tool's output schema; undefined when it declares none. */
  outputProblems(tool: string, structured: unknown): readonly string[] | undefined;
  /** Never throws for the call's own failure: a JSON-RPC error is in the response. */
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<{ response: CallResponse; durationMs: number }>;
}

export type RunEvent =
  | { readonly type: 'item-start'; readonly index: number; readonly name: string }
  | { readonly type: 'item-done'; readonly item: ItemReport };

export interface RunOptions {
  /** Shown in messages and reports. */
  readonly file: string;
  readonly era: string;
  /** The connection for an item's profile (undefined: the run's default). Rejects with a plain message. */
  gatewayFor(profile: string | undefined): Promise<ToolGateway>;
  /** The environment file's variables; they override the collection's own. */
  readonly environment?: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
  /** Stop at the first item that does not pass; the rest are reported as skipped. */
  readonly bail?: boolean;
  readonly onEvent?: (event: RunEvent) => void;
  /** Milliseconds since some fixed point (performance.now in main). */
  readonly now: () => number;
}

export interface CollectionRun {
  readonly report: CollectionReport;
  /** Each item's response, for comparing eras; undefined where no call was made. */
  readonly responses: readonly (CallResponse | undefined)[];
}

interface Scope {
  readonly values: Map<string, unknown>;
  /** Why a variable an item should have extracted has no value. */
  readonly unset: Map<string, string>;
}

function missingVariables(item: CollectionItem, names: readonly string[], scope: Scope): string {
  const why = names.map((name) => {
    const reason = scope.unset.get(name);
    return reason ? `{{${name}}} (${reason})` : `{{${name}}}`;
  });
  return `${names.length === 1 ? 'variable' : 'variables'} ${why.join(', ')} ${names.length === 1 ? 'has' : 'have'} no value: set ${names.length === 1 ? 'it' : 'them'} in the collection's "variables", in the --env file, or extract ${names.length === 1 ? 'it' : 'them'} from an earlier item's response. Item "${item.name}" was not sent.`;
}

/** Sets the item's extracted variables; returns a problem per pointer that names nothing. */
function extract(item: CollectionItem, response: CallResponse, scope: Scope): string[] {
  const problems: string[] = [];
  const document = responseDocument(response);
  for (const [name, pointer] of Object.entries(item.extract ?? {})) {
    const found = resolvePointer(document, pointer);
    if (found.found) {
      scope.values.set(name, found.value);
      scope.unset.delete(name);
    } else {
      const reason = `item "${item.name}" found nothing at ${found.missingAt} for it`;
      scope.values.delete(name);
      scope.unset.set(name, reason);
      problems.push(`extract ${name}: nothing at ${found.missingAt} in the response (it ends before that); check the pointer ${pointer}.`);
    }
  }
  return problems;
}

async function runItem(
  item: CollectionItem,
  index: number,
  scope: Scope,
  options: RunOptions,
  signal: AbortSignal,
): Promise<{ report: ItemReport; response?: CallResponse }> {
  const base = { index, name: item.name, tool: item.tool, assertions: [] };
  const error = (problem: string): { report: ItemReport } => ({ report: { ...base, status: 'error', problems: [problem] } });
  let gateway: ToolGateway;
  try {
    gateway = await options.gatewayFor(item.profile);
  } catch (e) {
    return error(e instanceof Error ? e.message : String(e));
  }
  if (!gateway.tools.includes(item.tool))
    return error(`unknown tool "${item.tool}": the gateway lists ${gateway.tools.join(', ')}. Fix the item's "tool".`);
  // Assertion values may name variables too (a route step's id equals the one the quote gave).
  const { value, missing } = substitute({ args: item.arguments ?? {}, assertions: item.assertions ?? [] }, scope.values);
  if (missing.length > 0) return error(missingVariables(item, missing, scope));
  const { args, assertions: expected } = value as { args: Record<string, unknown>; assertions: NonNullable<CollectionItem['assertions']> };
  const argumentProblems = gateway.checkArguments(item.tool, args);
  if (argumentProblems.length > 0)
    return error(
      `arguments do not fit ${item.tool}'s input schema: ${argumentProblems.slice(0, 3).join('; ')}. Fix the item's "arguments" (${shortJson(args, 120)}); it was not sent.`,
    );
  // Wall-clock time the call went out, with sub-millisecond precision where the clock has it.
  const startedAt = performance.timeOrigin + performance.now();
  const { response, durationMs } = await gateway.call(item.tool, args, signal);
  if (signal.aborted) return { report: { ...base, status: 'cancelled', startedAt, durationMs, problems: ['cancelled'] } };
  const assertions = evaluateAssertions(expected, {
    response,
    durationMs,
    outputSchemaProblems: () => gateway.outputProblems(item.tool, response.result?.structuredContent),
  });
  const problems = extract(item, response, scope);
  const passed = problems.length === 0 && assertions.every((a) => a.passed);
  return { report: { ...base, status: passed ? 'passed' : 'failed', startedAt, durationMs, problems, assertions }, response };
}

/** Runs every item in order; resolves with every item's report even when some could not run. */
export async function runCollection(collection: Collection, options: RunOptions): Promise<CollectionRun> {
  const started = options.now();
  const signal = options.signal ?? new AbortController().signal;
  const scope: Scope = { values: new Map(Object.entries({ ...collection.variables, ...options.environment })), unset: new Map() };
  const items: ItemReport[] = [];
  const responses: (CallResponse | undefined)[] = [];
  let stop: ItemReport['status'] | undefined;
  for (const [i, item] of collection.items.entries()) {
    if (!stop && signal.aborted) stop = 'cancelled';
    if (stop) {
      items.push({
        index: i + 1,
        name: item.name,
        tool: item.tool,
        status: stop,
        problems: [stop === 'skipped' ? 'skipped: --bail stopped the run' : 'cancelled'],
        assertions: [],
      });
      responses.push(undefined);
      continue;
    }
    options.onEvent?.({ type: 'item-start', index: i + 1, name: item.name });
    const { report, response } = await runItem(item, i + 1, scope, options, signal);
    items.push(report);
    responses.push(response);
    options.onEvent?.({ type: 'item-done', item: report });
    if (report.status === 'cancelled') stop = 'cancelled';
    else if (options.bail && report.status !== 'passed') stop = 'skipped';
  }
  return { report: { file: options.file, name: collection.name, era: options.era, items, durationMs: options.now() - started }, responses };
}

/** What the item's snapshots ignore, as pointers into the whole response. */
function ignoredPaths(item: CollectionItem): string[] {
  const out: string[] = [];
  for (const a of item.assertions ?? [])
    if (a.assert === 'snapshot')
      for (const p of a.ignore ?? []) out.push(pointerOf([...pointerTokens(a.pointer ?? ''), ...pointerTokens(p)]));
  return out;
}

/** Strings and numbers as their type: live data (prices, quote ids, expiry times) differs from call to call. */
function shapeOf(value: unknown): unknown {
  if (typeof value === 'string') return '<string>';
  if (typeof value === 'number') return '<number>';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  return value;
}

/**
 * What two eras must agree on: the outcome (success, tool error or the JSON-RPC error code) and the
 * shape of the structured result (keys, types, booleans and array lengths), not live values. `_meta`
 * and the text content (which repeats the structured result, or words an error) are left out.
 */
function eraView(response: CallResponse): unknown {
  if (response.error) return { outcome: `JSON-RPC error ${response.error.code}` };
  const result = response.result ?? {};
  const outcome = result.isError === true ? 'tool error' : 'success';
  return result.structuredContent === undefined ? { outcome } : { outcome, structuredContent: shapeOf(result.structuredContent) };
}

/** Items whose outcome or result shape differs between two runs in different eras (snapshot-ignored paths aside). */
export function compareEras(
  file: string,
  collection: Collection,
  first: readonly (CallResponse | undefined)[],
  second: readonly (CallResponse | undefined)[],
): EraDifference[] {
  const out: EraDifference[] = [];
  collection.items.forEach((item, i) => {
    const a = first[i];
    const b = second[i];
    if (!a || !b) return;
    const differences = jsonDifferences(eraView(a), eraView(b), ignoredPaths(item), 5);
    if (differences.length > 0) out.push({ file, index: i + 1, name: item.name, differences });
  });
  return out;
}
