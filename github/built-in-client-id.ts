/**
 * The OAuth app's client id baked into a published build, so an operator sees "Sign in with GitHub" and a
 * code, and never a client-id field. `npm run dist` (electron-vite) replaces the constant below with the
 * value of COMPANION_BUILD_GITHUB_CLIENT_ID at build time (see electron.vite.config.ts and
 * docs/building-and-publishing.md); run from source, or built without it, there is none.
 */
declare const __COMPANION_BUILT_IN_GITHUB_CLIENT_ID__: string | undefined;

/** The build-time client id ('' when the build had none). It names the app; it is not a secret. */
export const BUILT_IN_CLIENT_ID: string =
  typeof __COMPANION_BUILT_IN_GITHUB_CLIENT_ID__ === 'string' ? __COMPANION_BUILT_IN_GITHUB_CLIENT_ID__ : '';
