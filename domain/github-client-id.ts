/**
 * The client id of the GitHub app the browser sign-in (device flow) runs as. It names the app and proves
 * nothing, so it is a setting, not a secret. Shared by the app's Settings (checked as the user types), main
 * (checked again before it is saved) and the CLI (--client-id, COMPANION_GITHUB_CLIENT_ID, the setting).
 *
 * The forms GitHub issues, as its pages show them:
 * - an OAuth app: `Ov23li` and 14 letters or digits (20 characters), or 20 lowercase hex digits (older apps);
 * - a GitHub App: `Iv23li` and 14 letters or digits, or `Iv1.` and 16 hex digits (older apps).
 */

export type ClientIdKind = 'oauth-app' | 'github-app';

const FORMS: readonly { readonly pattern: RegExp; readonly kind: ClientIdKind }[] = [
  { pattern: /^Ov\d{2}[A-Za-z0-9]{16}$/, kind: 'oauth-app' },
  { pattern: /^[0-9a-f]{20}$/, kind: 'oauth-app' },
  { pattern: /^Iv\d{2}[A-Za-z0-9]{16}$/, kind: 'github-app' },
  { pattern: /^Iv1\.[0-9a-f]{16}$/, kind: 'github-app' },
];

/** Where to find it, for every refusal. */
const WHERE =
  "Copy the Client ID from your OAuth app's page on GitHub (Settings → Developer settings → OAuth Apps); it is 20 characters starting with Ov23li (an older app's is 20 hex digits).";

/** A pasted value as it is meant: surrounding spaces and line breaks dropped. */
export function normalizeClientId(value: string): string {
  return value.trim();
}

/** What kind of app issued this client id, or undefined when it is not one GitHub issues. */
export function clientIdKind(value: string): ClientIdKind | undefined {
  const id = normalizeClientId(value);
  return FORMS.find((f) => f.pattern.test(id))?.kind;
}

/** Why this is not a client id GitHub issues, in plain words; undefined when it is one. */
export function clientIdProblem(value: string): string | undefined {
  const id = normalizeClientId(value);
  if (!id) return `Enter the client id. ${WHERE}`;
  if (clientIdKind(id)) return undefined;
  if (/^(gh[pousr]_|github_pat_)/.test(id))
    return `This is a GitHub token, not a client id: never paste a token here. To sign in with a token, use the token field instead. ${WHERE}`;
  if (/^[0-9a-f]{40}$/i.test(id))
    return `This looks like the app's client secret (40 hex digits). The sign-in needs only the Client ID, never the secret. ${WHERE}`;
  if (/\s/.test(id)) return `A client id has no spaces. ${WHERE}`;
  return `This is not a GitHub client id (it is ${id.length} characters in an unknown form). ${WHERE}`;
}
