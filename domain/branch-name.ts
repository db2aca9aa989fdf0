/**
 * Branch names checked as `git check-ref-format --branch` checks them, without running git: the name
 * becomes refs/heads/<name>, so every rule of git-check-ref-format(1) applies, plus git's own refusals
 * for a branch (a leading dash reads as an option, "HEAD" is taken). Each refusal says why in plain words.
 */
import { fail, ok, type Check } from './result';

const EXAMPLE = 'Use letters, digits and dashes, for example add-my-validator.';
/** Long enough for any sensible name; refs are files, and a path component is at most 255 bytes. */
const MAX_LENGTH = 200;

const FORBIDDEN: readonly (readonly [string, string])[] = [
  [' ', 'a space'],
  ['~', 'a tilde (~)'],
  ['^', 'a caret (^)'],
  [':', 'a colon (:)'],
  ['?', 'a question mark (?)'],
  ['*', 'an asterisk (*)'],
  ['[', 'an opening bracket ([)'],
  ['\\', 'a backslash (\\)'],
  ['..', 'two dots in a row (..)'],
  ['@{', 'the sequence @{'],
  ['//', 'two slashes in a row (//)'],
];

/** Why `name` cannot be a branch name, or undefined when it can. */
function problem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.length > MAX_LENGTH) return `it is longer than ${MAX_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\x00-\x1f\x7f]/.test(name)) return 'it contains a control character (a tab or a line break, for example)';
  for (const [text, words] of FORBIDDEN) if (name.includes(text)) return `it contains ${words}`;
  if (name.startsWith('-')) return 'it starts with a dash';
  if (name.startsWith('/') || name.endsWith('/')) return 'it starts or ends with a slash';
  if (name.endsWith('.')) return 'it ends with a dot';
  if (name === '@') return 'a lone @ stands for HEAD';
  if (name === 'HEAD') return 'HEAD is the name git uses for the current commit';
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return `the part "${part}" starts with a dot`;
    if (part.endsWith('.lock')) return `the part "${part}" ends with .lock`;
  }
  return undefined;
}

/** The branch name, trimmed, if git accepts it for a branch; otherwise a message that says why not. */
export function checkBranchName(input: string): Check<string> {
  const name = input.trim();
  const why = problem(name);
  if (why === undefined) return ok(name);
  const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  return fail('bad_branch', `"${shown}" cannot be a branch name: ${why}. ${EXAMPLE}`);
}
