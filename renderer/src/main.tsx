import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import { applyTheme } from './app/theme-store';
import { connectHost } from './host/api';
import './styles.css';

applyTheme();
const root = createRoot(document.getElementById('root')!);
const host = connectHost();
root.render(
  <StrictMode>
    {host.api ? (
      <AppProviders api={host.api}>
        <App />
      </AppProviders>
    ) : (
      <main className="blocked">
        <h1>Gateway Companion</h1>
        <p>{host.problem}</p>
      </main>
    )}
  </StrictMode>,
);
