import type { MouseEvent } from 'react';
import { useAppInfo } from './app-info';
import { useNavStore } from './nav-store';
import { sections } from './sections';
import { StatusArea } from './StatusArea';
import { ThemeSwitch } from './ThemeSwitch';
import { icons } from './icons';

/** The skip link moves focus itself: its `#content` would otherwise replace the view in the address bar. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  document.getElementById('content')?.focus();
}

export function App() {
  const { section, go } = useNavStore();
  const { data: info } = useAppInfo();

  const current = sections.find((s) => s.id === section) ?? sections[0]!;
  const View = current.view;
  return (
    <div className="app-frame">
      <a className="skip-link" href="#content" onClick={skipToContent}>
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="brand">
          {icons.logo}
          <span>Gateway Companion</span>
        </div>
        <nav aria-label="Sections">
          <ul>
            {sections.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={s.id === current.id ? 'nav-item active' : 'nav-item'}
                  aria-current={s.id === current.id ? 'page' : undefined}
                  title={s.label}
                  onClick={() => go(s.id)}
                >
                  {s.icon}
                  <span>{s.label}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-foot">
          <ThemeSwitch />
          {info && <div className="version">v{info.version}</div>}
        </div>
      </aside>
      <div className="main-column">
        <header className="topbar">
          <h1>{current.label}</h1>
          <StatusArea host={info?.host} />
        </header>
        <main className="content" id="content" tabIndex={-1}>
          <View />
        </main>
      </div>
    </div>
  );
}
