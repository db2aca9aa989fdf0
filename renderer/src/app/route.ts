/**
 * The address bar holds the view: `#/<section>` or `#/<section>/<part>` (the wizard's step). A hash, not
 * a path, so the same page works from Electron's file and from browser mode's server without rewrites,
 * and nothing else in the address (browser mode's one-time `/login?code=…` link) mixes with a view.
 */
export interface Route {
  readonly section: string;
  readonly part?: string;
}

const SEGMENT = /^[a-z0-9-]{1,40}$/;

/** The view a hash names, or undefined when it names none (an empty hash, anything else). */
export function parseRoute(hash: string): Route | undefined {
  const match = /^#\/([^/?#]*)(?:\/([^/?#]*))?\/?$/.exec(hash);
  const section = match?.[1];
  if (!section || !SEGMENT.test(section)) return undefined;
  const part = match[2];
  return part && SEGMENT.test(part) ? { section, part } : { section };
}

export function formatRoute(route: Route): string {
  return route.part ? `#/${route.section}/${route.part}` : `#/${route.section}`;
}
