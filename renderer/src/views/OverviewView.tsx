import { useState } from 'react';
import { useApi } from '../app/api-context';

export function OverviewView() {
  const api = useApi();
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
          Gateway Companion connects your AI assistants to the agent data gateway without putting secrets in config files,
          lets developers explore the gateway's tools, and helps validator operators submit correct registry entries.
        </p>
      </section>
      <section className="panel" aria-labelledby="services-title">
        <h2 id="services-title">Services</h2>
        <p className="muted">Everything the interface does goes through the app's own services. Check that they answer:</p>
        <div className="row">
          <button type="button" className="button primary" onClick={check}>Check services</button>
          {ping && <output className="muted" aria-live="polite">{ping}</output>}
        </div>
      </section>
    </div>
  );
}
