/** `companion registry submit add|update|disable`: the change as a pull request to the registry, without a clone. */
import { defineCommand, UsageError, type CliIo, type Command } from '../command';
import type { OptionSpecs, OptionValues } from '../options';
import type { WriteOperation } from '../../../registry/index';
import type { RemoteReview } from '../../services/github-submission';
import {
  addOperation,
  disableOperation,
  FIELD_OPTIONS,
  NOTE_OPTION,
  planFields,
  printPlan,
  updateOperation,
  WHICH_OPTIONS,
  WRITE_OPTIONS,
} from './registry';

const loadSubmission = () => import('../../services/github-submission');
const loadFormat = () => import('../../../registry/report-format');

/** The local write's options without --history-dir (nothing is written locally), plus where to submit. */
const { 'history-dir': _historyDir, ...SUBMIT_WRITE_OPTIONS } = WRITE_OPTIONS;
const SUBMIT_OPTIONS = {
  upstream: {
    type: 'string',
    value: 'OWNER/REPO',
    default: 'trustwallet/assets',
    description: 'The registry repository to open the pull request on',
  },
  ...SUBMIT_WRITE_OPTIONS,
  'dry-run': {
    type: 'boolean',
    description: 'Read the upstream and show the entry, findings, diff, files and pull request title; submit nothing',
  },
  json: { type: 'boolean', description: 'Print the plan and the pull request (url, number, branch, commit, files) as JSON' },
} as const satisfies OptionSpecs;

const ABOUT_REMOTE = `Reads the chain's list.json and logo from the upstream repository through GitHub's API (no clone), runs the
same checks and makes the same byte-minimal edit as "companion registry ${'${kind}'}", then forks the
repository to your account (or reuses your fork), commits exactly the list and the logo on a branch made
from the upstream's head, and opens the pull request. Safe to repeat: a retry reuses the branch, the commit
and the open pull request. Sign in first: companion github login (or set COMPANION_GITHUB_TOKEN).`;

const MORE = `Prints the pull request's URL on the last line.
Exit code: 0 when the pull request is open (or the dry run found no errors), 1 when the change has errors or
GitHub refused, 2 on bad usage.`;

type SubmitValues = OptionValues<typeof SUBMIT_OPTIONS>;

async function submit(operation: WriteOperation, values: SubmitValues, io: CliIo): Promise<number> {
  const json = values.json ?? false;
  const { reviewRemoteChange, signedIn, submitRemoteChange, upstreamOf } = await loadSubmission();
  const { GitHubError, SubmissionBlocked } = await import('../../../github/index');
  const { RegistryError } = await import('../../../registry/index');
  const { findingJson } = await loadFormat();
  try {
    upstreamOf(values.upstream);
  } catch (error) {
    throw new UsageError(`--upstream: ${(error as Error).message}`);
  }
  const request = { operation, upstream: values.upstream, override: values.override ?? [] };
  const ctx = { env: io.env };
  try {
    // Signing in is checked first, so a missing or unusable token is said before anything else happens.
    const session = values['dry-run'] ? undefined : await signedIn(ctx);
    const review = await reviewRemoteChange(request, ctx);
    const blocked = review.plan.blocking.length > 0 || review.ruleProblems.length > 0;
    if (blocked || values['dry-run']) {
      if (json)
        io.stdout.write(
          `${JSON.stringify({ ok: !blocked, submitted: false, title: review.title, branch: review.branch, base: review.base.commit, ruleProblems: review.ruleProblems, ...planFields(review.plan, findingJson) }, null, 2)}\n`,
        );
      else {
        await printPlan(review.plan, io);
        io.stdout.write(
          `\nPull request: "${review.title}" from branch ${review.branch}, on ${values.upstream} at ${review.base.commit.slice(0, 7)}.\n`,
        );
        for (const problem of review.ruleProblems) io.stdout.write(`${problem}\n`);
        io.stdout.write(
          review.plan.blocking.length
            ? `\nNothing was submitted: fix the errors above, or accept a check knowingly with --override CODE (${[...new Set(review.plan.blocking.map((f) => f.code))].join(', ')}).\n`
            : blocked
              ? '\nNothing was submitted.\n'
              : '\nDry run: nothing was submitted.\n',
        );
      }
      return blocked ? 1 : 0;
    }
    if (!json) await printPlan(review.plan, io);
    const result = await submitRemoteChange(request, ctx, {
      reviewed: review,
      ...(session ? { session } : {}),
      ...(json ? {} : { onStep: (step) => void io.stderr.write(`… ${step.replace(/-/g, ' ')}\n`) }),
    });
    if (json) {
      io.stdout.write(
        `${JSON.stringify(
          {
            ...planFields(result.plan, findingJson),
            ok: true,
            submitted: true,
            url: result.url,
            number: result.number,
            branch: result.branch,
            commit: result.commit,
            files: result.files,
            fork: result.fork,
            base: result.base,
            reusedCommit: result.reusedCommit,
            reusedPullRequest: result.reusedPullRequest,
            ...(result.replanned ? { replanned: result.replanned } : {}),
            notes: result.notes,
          },
          null,
          2,
        )}\n`,
      );
    } else {
      const lines = [''];
      if (result.replanned)
        lines.push(
          `The upstream moved from ${result.replanned.from.slice(0, 7)} to ${result.replanned.to.slice(0, 7)} since it was read; the change was planned again on the new head.`,
          ...result.replanned.changes.map((c) => `  ${c}`),
        );
      lines.push(...result.notes);
      lines.push(
        `${result.reusedPullRequest ? 'The pull request was already open' : 'Opened pull request'} #${result.number} from ${result.fork} branch ${result.branch} (commit ${result.commit.slice(0, 7)}${result.reusedCommit ? ', already there' : ''}):`,
        result.url,
      );
      io.stdout.write(`${lines.join('\n')}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof SubmissionBlocked) {
      if (json)
        io.stdout.write(
          `${JSON.stringify({ ok: false, submitted: false, error: { code: 'blocked', message: error.message } }, null, 2)}\n`,
        );
      else {
        // The planner here is the registry's, so the plan is its PlannedChange (the engine only knows its shape).
        await printPlan((error.review as RemoteReview).plan, io);
        io.stderr.write(`${error.message}\n`);
      }
      return 1;
    }
    if (error instanceof GitHubError || error instanceof RegistryError) {
      if (json)
        io.stdout.write(
          `${JSON.stringify({ ok: false, submitted: false, error: { code: error.code, message: error.message } }, null, 2)}\n`,
        );
      else io.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

const FLAGS = '[--upstream OWNER/REPO] [--override CODE]... [--dry-run] [--json]';
const addUsage = `companion registry submit add --chain C --id ID --name N --description D --website URL [--commission N] [--payout-delay N] [--payout-period N] [--min-delegation N] --logo FILE [--fix-logo] ${FLAGS}`;
const updateUsage = `companion registry submit update --chain C --id ID [--name N] [--description D] [--website URL] [--commission N] [--payout-delay N] [--payout-period N] [--min-delegation N] [--logo FILE [--fix-logo]] ${FLAGS}`;
const disableUsage = `companion registry submit disable --chain C --id ID --note TEXT ${FLAGS}`;

export const submitAddCommand = defineCommand({
  path: ['registry', 'submit', 'add'],
  summary: 'Add a validator by pull request, without a clone (forks, commits, opens the PR)',
  usage: addUsage,
  about: ABOUT_REMOTE.replace('${kind}', 'add'),
  options: { ...WHICH_OPTIONS, ...FIELD_OPTIONS, ...SUBMIT_OPTIONS },
  positionals: false,
  more: MORE,
  async run({ values }, io) {
    return submit(addOperation(values, addUsage), values, io);
  },
});

export const submitUpdateCommand = defineCommand({
  path: ['registry', 'submit', 'update'],
  summary: 'Change a validator by pull request, without a clone',
  usage: updateUsage,
  about: ABOUT_REMOTE.replace('${kind}', 'update'),
  options: { ...WHICH_OPTIONS, ...FIELD_OPTIONS, ...SUBMIT_OPTIONS },
  positionals: false,
  more: MORE,
  async run({ values }, io) {
    return submit(updateOperation(values, updateUsage), values, io);
  },
});

export const submitDisableCommand = defineCommand({
  path: ['registry', 'submit', 'disable'],
  summary: 'Mark a validator inactive by pull request, without a clone',
  usage: disableUsage,
  about: ABOUT_REMOTE.replace('${kind}', 'disable'),
  options: { ...WHICH_OPTIONS, ...NOTE_OPTION, ...SUBMIT_OPTIONS },
  positionals: false,
  more: MORE,
  async run({ values }, io) {
    return submit(disableOperation(values, disableUsage), values, io);
  },
});

export const registrySubmitCommands: readonly Command[] = [submitAddCommand, submitUpdateCommand, submitDisableCommand];
