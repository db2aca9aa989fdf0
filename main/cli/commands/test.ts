import path from 'node:path';
import { defineCommand, UsageError } from '../command';
import { REPORTERS, renderReport, type ReporterName } from '../../../domain/collections/reporters';
import { summarize } from '../../../domain/collections/report';
import { ERA_CHOICES, erasOf, isEraChoice, type Era } from '../../../domain/collections/eras';
import { redactSecrets } from '../../../domain/redact';
import { currentPathContext } from '../../../platform/credentials/config-paths';
import { writeFileAtomic } from '../../../platform/files/atomic-write';
import { RunProfileError, runProfileFor } from '../../collections/run-profile';

function reporterOf(text: string): ReporterName {
  if (!(REPORTERS as readonly string[]).includes(text))
    throw new UsageError(`--reporter must be one of ${REPORTERS.join(', ')}; got "${text}".`);
  return text as ReporterName;
}

function erasOfFlag(text: string | undefined): Era[] {
  if (text !== undefined && !isEraChoice(text)) throw new UsageError(`--era must be one of ${ERA_CHOICES.join(', ')}; got "${text}".`);
  return erasOf(text);
}

/** A named profile must exist (the built-in one always does): a typo is bad usage, not 50 failed items. */
async function checkProfile(name: string | undefined, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await runProfileFor(name, currentPathContext(env));
  } catch (error) {
    if (!(error instanceof RunProfileError)) throw error;
    throw new UsageError(
      error.reason === 'invalid'
        ? `--profile: ${error.message}.`
        : `${error.message}; create it with: companion login --profile ${error.profile} --url URL`,
    );
  }
}

export const testCommand = defineCommand({
  path: ['test'],
  summary: 'Run collections of tool calls with assertions against a gateway (CI-friendly)',
  usage: `companion test <file-or-folder>... [--profile NAME] [--env FILE] [--reporter pretty|json|junit|tap]
                      [--out FILE] [--bail] [--era 2025-11-25|2026-07-28|both]`,
  about: `Runs each collection's items in order over MCP, through the same bridge assistants use, and checks
their assertions. A folder runs every *.collection.json in it. Without --profile the items run on the
embedded reference gateway, started on demand, so it works offline on a fresh machine; an item may name
its own profile. Items that cannot run (unknown tool, arguments that do not fit the tool's input schema,
a variable with no value) are reported with what to fix, and the other items still run.
The format, variables and assertions: docs/collections.md.`,
  options: {
    profile: {
      type: 'string',
      value: 'NAME',
      description: 'Gateway profile for items that name none (default: the embedded reference gateway)',
    },
    env: { type: 'string', value: 'FILE', description: 'JSON object of variable values; overrides the collection\'s "variables"' },
    reporter: {
      type: 'string',
      value: 'NAME',
      description: 'Report format: pretty, json, junit (JUnit XML for CI) or tap (TAP 13)',
      default: 'pretty',
    },
    out: { type: 'string', value: 'FILE', description: 'Write the report to FILE (atomically) and print only the summary line' },
    bail: { type: 'boolean', description: 'Stop at the first item that does not pass; the rest are reported as skipped' },
    era: {
      type: 'string',
      value: 'ERA',
      description: `MCP protocol era: 2025-11-25 (sessions), 2026-07-28 (stateless), or both: run
every item in each era and report any difference in outcome or result shape`,
      default: '2025-11-25',
    },
  },
  positionals: true,
  more: `Examples:
  companion test docs/collections/sample.collection.json
  companion test collections/ --profile work --env staging.env.json --reporter junit --out report.xml

Exit status: 0 when every item passed (and, with --era both, the eras agreed), 1 when any item failed or
could not run, 2 on bad usage or a collection file that cannot be read or parsed (one line naming the
file and the place). Ctrl-C cancels the call in flight; the remaining items are reported as cancelled.`,
  async run({ values, positionals }, io) {
    if (positionals.length === 0) throw new UsageError('name at least one collection file or folder.');
    const reporter = reporterOf(values.reporter);
    const eras = erasOfFlag(values.era);
    await checkProfile(values.profile, io.env);
    const [{ loadCollections, loadEnvironment, CollectionLoadError }, { runCollections }] = await Promise.all([
      import('../../collections/load'),
      import('../../collections/run-collections'),
    ]);
    let collections;
    let environment;
    try {
      collections = await loadCollections(positionals);
      environment = values.env === undefined ? undefined : await loadEnvironment(values.env);
    } catch (error) {
      if (error instanceof CollectionLoadError) {
        io.stderr.write(`companion test: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
    const controller = new AbortController();
    const onInt = () => controller.abort('Cancelled with Ctrl-C');
    process.once('SIGINT', onInt);
    let report;
    try {
      report = await runCollections({
        collections,
        ...(values.profile !== undefined ? { profile: values.profile } : {}),
        eras,
        ...(environment ? { environment } : {}),
        env: io.env,
        paths: currentPathContext(io.env),
        signal: controller.signal,
        ...(values.bail ? { bail: true } : {}),
      });
    } finally {
      process.off('SIGINT', onInt);
    }
    // Failure messages quote what the gateway answered and the arguments sent (from --env too): a report
    // lands in CI logs, so it follows the app's redaction rule like everything else the app shows.
    const text = renderReport(redactSecrets(report), reporter);
    const summary = summarize(report);
    if (values.out !== undefined) {
      await writeFileAtomic(path.resolve(values.out), text);
      io.stdout.write(
        `${summary.passed}/${summary.total} items passed${summary.eraDifferences ? `, ${summary.eraDifferences} differ between eras` : ''}; ${reporter} report written to ${values.out}\n`,
      );
    } else io.stdout.write(text);
    return summary.ok ? 0 : 1;
  },
});
