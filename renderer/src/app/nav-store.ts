import { create } from 'zustand';
import { formatRoute, parseRoute, type Route } from './route';

interface NavState {
  section: string;
  /** A place inside the section that the address bar keeps too (the wizard's step). */
  part: string | undefined;
  /** Opens a section: a new history entry, so Back returns to where the user was. */
  go: (section: string) => void;
  /** Records a place inside the current section; `replace` corrects the address without a history entry. */
  show: (section: string, part: string, options?: { replace?: boolean }) => void;
}

const DEFAULT_SECTION = 'overview';

function fromAddress(): Pick<NavState, 'section' | 'part'> {
  const route = parseRoute(window.location.hash);
  return { section: route?.section ?? DEFAULT_SECTION, part: route?.part };
}

function write(route: Route, replace: boolean): void {
  const hash = formatRoute(route);
  if (window.location.hash === hash) return;
  if (replace) history.replaceState(null, '', hash);
  else history.pushState(null, '', hash);
}

export const useNavStore = create<NavState>()((set) => ({
  ...fromAddress(),
  go: (section) => {
    write({ section }, false);
    set({ section, part: undefined });
  },
  show: (section, part, options = {}) => {
    write({ section, part }, options.replace ?? false);
    set({ section, part });
  },
}));

// Back, forward and a hand-edited address move the view (pushState itself fires neither event).
window.addEventListener('popstate', () => useNavStore.setState(fromAddress()));
window.addEventListener('hashchange', () => useNavStore.setState(fromAddress()));
