import { useState } from 'react';
import { useApi } from '../app/api-context';
import { useNavStore } from '../app/nav-store';
import { icons } from '../app/icons';

interface Task {
  readonly section: string;
  readonly title: string;
  readonly who: string;
  readonly text: string;
  /** Must not contain a navigation label: tests and screen readers find sections by those names. */
  readonly action: string;
}

const tasks: readonly Task[] = [
  {
    section: 'assistants',
    title: 'Connect your assistants',
    who: 'For Claude, Cursor, VS Code and six more',
    text: 'Install the gateway in your assistant with one click. Credentials stay in the OS keychain, never in a config file.',
    action: 'Connect an assistant',
  },
  {
    section: 'playground',
    title: 'Explore the 13 tools',
    who: 'For developers',
    text: 'Run every gateway tool from a form, see results as tables, charts and route diagrams, and export calls as curl or TypeScript.',
    action: 'Explore the tools',
  },
  {
    section: 'validators',
    title: 'Submit a validator',
    who: 'For validator operators',
    text: 'Fill in your validator’s details, fix your logo to the registry’s rules, and write correct files into your registry folder.',
    action: 'Start a submission',
  },
  {
    section: 'registry-check',
    title: 'Check a registry',
    who: 'For maintainers',
    text: 'Scan every chain for invalid ids, broken websites, duplicate entries and logos that break the rules.',
    action: 'Scan a registry',
  },
];

export function OverviewView() {
  const api = useApi();
  const go = useNavStore((s) => s.go);
  const [ping, setPing] = useState<string>();

  const check = async () => {
    const started = performance.now();
    try {
      const reply = await api.app.ping('hello from the interface');
      setPing(`Main-process services answered "${reply.echo}" in ${(performance.now() - started).toFixed(1)} ms.`);
    } catch (error) {
      setPing(`Services did not answer: ${(error as Error).message}`);
    }
  };

  return (
    <div className="stack">
      <section className="panel hero" aria-labelledby="welcome-title">
        <h2 id="welcome-title">Welcome</h2>
        <p>
          Gateway Companion connects your AI assistants to the agent data gateway without putting secrets in config files, lets developers
          explore the gateway&apos;s tools, and helps validator operators submit correct registry entries.
        </p>
        <p className="muted">
          No account yet? Everything works against the built-in reference gateway, offline, with demo data. Add your own gateway under
          Settings.
        </p>
      </section>
      <ul className="task-grid" aria-label="What you can do">
        {tasks.map((t) => (
          <li key={t.section} className="panel task-card">
            <div className="task-icon">{icons[t.section === 'registry-check' ? 'registryCheck' : t.section]}</div>
            <h3>{t.title}</h3>
            <p className="task-who">{t.who}</p>
            <p className="muted">{t.text}</p>
            <button type="button" className="button" onClick={() => go(t.section)}>
              {t.action}
            </button>
          </li>
        ))}
      </ul>
      <section className="panel" aria-labelledby="services-title">
        <h2 id="services-title">Services</h2>
        <p className="muted">Everything the interface does goes through the app&apos;s own services. Check that they answer:</p>
        <div className="row">
          <button type="button" className="button primary" onClick={() => void check()}>
            Check services
          </button>
          {ping && (
            <output className="muted" aria-live="polite">
              {ping}
            </output>
          )}
        </div>
      </section>
    </div>
  );
}
