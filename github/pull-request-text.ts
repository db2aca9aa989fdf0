/** The pull request's title, branch and body, in the registry's usual wording. */
import { getRegistryChain } from '../domain/index';
import type { ChangePlan } from './change-plan';

export function pullRequestTitle(plan: ChangePlan): string {
  const name = typeof plan.entry['name'] === 'string' && plan.entry['name'] ? plan.entry['name'] : plan.id;
  const chain = getRegistryChain(plan.chain)?.name ?? plan.chain;
  if (plan.operation.kind === 'add') return `Add ${name} validator to ${chain}`;
  if (plan.operation.kind === 'update') return `Update ${name} validator on ${chain}`;
  return `Disable ${name} validator on ${chain}`;
}

/** One branch per validator and kind of change, so a retry finds the branch of the first attempt. */
export function branchName(plan: ChangePlan): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return `companion/${plan.operation.kind}-${safe(plan.chain)}-${safe(plan.id).slice(0, 90)}`;
}

function details(plan: ChangePlan): string {
  const notes = plan.findings.filter((f) => f.severity !== 'info');
  return [
    `${plan.summary}.`,
    '',
    'Files:',
    ...plan.files.map((f) => `- \`${f.path}\` (${f.before ? 'changed' : 'new'})`),
    '',
    'Entry:',
    '```json',
    plan.entryJson,
    '```',
    ...(plan.overrides.length ? ['', `Checks accepted knowingly: ${plan.overrides.join(', ')}.`] : []),
    ...(notes.length ? ['', 'Open findings:', ...notes.map((f) => `- ${f.severity} ${f.code}: ${f.message}`)] : []),
    '',
    '_Prepared and checked with Gateway Companion._',
  ].join('\n');
}

/** The repository's template with the change described under it, or the description alone. */
export function pullRequestBody(plan: ChangePlan, template: string | undefined): string {
  const text = details(plan);
  if (!template?.trim()) return text;
  return `${template.trimEnd()}\n\n---\n\n${text}`;
}
