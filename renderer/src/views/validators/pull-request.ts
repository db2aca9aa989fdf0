/** Suggested git branch and pull-request title, in the form reviewers are used to. */
export type SubmissionKind = 'add' | 'update' | 'disable';

export function suggestedTitle(kind: SubmissionKind, name: string, chainName: string): string {
  const who = name.trim() || 'my';
  if (kind === 'add') return `Add ${who} validator to ${chainName}`;
  if (kind === 'disable') return `Disable ${who} validator on ${chainName}`;
  return `Update ${who} validator on ${chainName}`;
}

/** A branch name git accepts: lowercase words joined by dashes, never empty. */
export function suggestedBranch(kind: SubmissionKind, name: string, chain: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return [kind, slug || 'validator', chain].join('-');
}
