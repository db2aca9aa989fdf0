import { useAppInfo } from './app-info';
import { useNavStore } from './nav-store';
import { sections } from './sections';
import { StatusArea } from './StatusArea';
import { ThemeSwitch } from './ThemeSwitch';
import { icons } from './icons';

export function App() {
  const { section, go } = useNavStore();
  const { data: info } = useAppInfo();

  const current = sections.find((s) => s.id === section) ?? sections[0]!;
  const View = current.view;
  return (
    <div className="app-frame">
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
        <main className="content" id="content">
          <View />
        </main>
      </div>
    </div>
  );
}
