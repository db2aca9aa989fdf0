/**
 * The half-finished submission that survives reloads and restarts. It is saved twice: at once in
 * localStorage (a reload of the same page), and, shortly after, by main in the config folder (browser
 * mode gets a new port, hence a new origin, on every launch). On load the newer copy wins.
 */
import { z } from 'zod';
import { FixSettings } from '../../../../domain/ipc/registry-channels';
import { EntryForm, emptyForm } from './entry-form';

export const STEPS = [
  { id: 'folder', title: 'Registry folder' },
  { id: 'chain', title: 'Chain' },
  { id: 'id', title: 'Validator ID' },
  { id: 'details', title: 'Details' },
  { id: 'logo', title: 'Logo' },
  { id: 'review', title: 'Review' },
  { id: 'write', title: 'Write' },
] as const;
export type StepId = (typeof STEPS)[number]['id'];
const STEP_IDS = STEPS.map((s) => s.id) as [StepId, ...StepId[]];

const Written = z.object({
  operationId: z.string(),
  root: z.string(),
  summary: z.string(),
  kind: z.enum(['add', 'update', 'disable']),
  name: z.string(),
  chain: z.string(),
  paths: z.array(z.object({ path: z.string(), absolutePath: z.string() })),
  undone: z.boolean(),
  commit: z.object({ branch: z.string(), commit: z.string(), title: z.string() }).nullable(),
});
export type Written = z.infer<typeof Written>;

/** The pull request opened in remote mode (its page in the app polls GitHub for the rest). */
const OpenedPullRequest = z.object({
  upstream: z.string(),
  number: z.number(),
  url: z.string(),
  branch: z.string(),
  title: z.string(),
  /** It was already open (a retry): nothing new was sent. */
  reused: z.boolean(),
  /** What changed because the upstream moved after the review, and other notes from the submission. */
  notes: z.array(z.string()),
});
export type OpenedPullRequest = z.infer<typeof OpenedPullRequest>;

export const DEFAULT_UPSTREAM = 'trustwallet/assets';

export const Draft = z.object({
  version: z.literal(1),
  updatedAt: z.number(),
  step: z.enum(STEP_IDS),
  root: z.string(),
  chain: z.string(),
  mode: z.enum(['add', 'update']),
  /** update mode: the id of the entry being changed. */
  originalId: z.string(),
  form: EntryForm,
  disable: z.object({ disabled: z.boolean(), note: z.string() }),
  /** fix null: the image is used as it is; otherwise it goes through the fixer with these settings. */
  logo: z.object({ logoId: z.string(), fileName: z.string(), fix: FixSettings.nullable() }).nullable(),
  written: Written.nullable(),
  /** Where the change goes: a pull request through GitHub (no clone, the default for a new draft) or a folder on this computer. */
  source: z.enum(['github', 'folder']).default('folder'),
  /** Remote mode: the repository the pull request goes to. */
  upstream: z.string().default(DEFAULT_UPSTREAM),
  pullRequest: OpenedPullRequest.nullable().default(null),
});
export type Draft = z.infer<typeof Draft>;

export function emptyDraft(root = ''): Draft {
  return {
    version: 1,
    updatedAt: 0,
    step: 'folder',
    root,
    chain: '',
    mode: 'add',
    originalId: '',
    form: emptyForm(),
    disable: { disabled: false, note: '' },
    logo: null,
    written: null,
    // A new user has no clone: submitting through GitHub is where they start.
    source: root ? 'folder' : 'github',
    upstream: DEFAULT_UPSTREAM,
    pullRequest: null,
  };
}

/** A stored draft, or null when it is missing or from an incompatible version (never throws). */
export function parseDraft(json: string | null | undefined): Draft | null {
  if (!json) return null;
  try {
    const parsed = Draft.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether the draft holds anything worth keeping (a started form, a logo, a written result). */
export function hasContent(d: Draft): boolean {
  return (
    d.chain !== '' || d.logo !== null || d.written !== null || d.pullRequest !== null || Object.values(d.form).some((v) => v.trim() !== '')
  );
}

export const newerDraft = (a: Draft | null, b: Draft | null): Draft | null => (!a ? b : !b ? a : b.updatedAt > a.updatedAt ? b : a);

export const LOCAL_DRAFT_KEY = 'companion.wizard.draft';
