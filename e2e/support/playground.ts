import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { CLI } from './browser-mode';

export { freePort } from '../../main/playground/testing';

export interface LabGateway {
  readonly url: string;
  readonly caCert: string;
  readonly accessId: string;
  readonly secretKey: string;
  stop(): Promise<void>;
}

/**
 * A second reference gateway, run as users run one (`companion gateway`), with the test-only delay
 * (`slow:<ms>` search queries) switched on: the playground reaches it as a remote profile by URL.
 */
export async function startLabGateway(dataDir: string): Promise<LabGateway> {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'gateway', '--port', '0', '--data-dir', dataDir, '--test-hooks'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const first = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`companion gateway printed nothing in 30 s.\n${stderr}`)), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    child.once('exit', (code) => reject(new Error(`companion gateway exited with ${code}.\n${stderr}`)));
  });
  const info = JSON.parse(first) as { url: string; caCert: string; accessId: string; secretKey: string };
  return {
    ...info,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The embedded reference gateway's demo account, from its data dir in the test's HOME. */
export function demoAccount(home: string): { accessId: string; secretKey: string } {
  const doc = JSON.parse(readFileSync(join(home, '.config', 'gateway-companion', 'reference-gateway', 'accounts.json'), 'utf8')) as {
    accounts: Array<{ accessId: string; secretKey: string; demo?: boolean }>;
  };
  const demo = doc.accounts.find((a) => a.demo) ?? doc.accounts[0]!;
  return { accessId: demo.accessId, secretKey: demo.secretKey };
}

/**
 * Everything main sends the renderer in browser mode: every /api/invoke response the page receives, and
 * the server-sent event stream (read here with the launch token, as the page reads it).
 */
export class RendererTraffic {
  readonly bodies: string[] = [];
  private events = '';
  private readonly abort = new AbortController();

  constructor(page: Page, origin: string, token: string) {
    page.on('response', (response) => {
      if (!response.url().startsWith(`${origin}/api/invoke`)) return;
      response.text().then(
        (text) => this.bodies.push(text),
        () => undefined,
      );
    });
    void (async () => {
      try {
        const res = await fetch(`${origin}/api/events`, { headers: { Authorization: `Bearer ${token}` }, signal: this.abort.signal });
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          this.events += value;
        }
      } catch {
        // stopped
      }
    })();
  }

  all(): string {
    return `${this.bodies.join('\n')}\n${this.events}`;
  }

  get eventText(): string {
    return this.events;
  }

  stop(): void {
    this.abort.abort();
  }
}

/** What the page keeps: the DOM (with input values), localStorage, sessionStorage and every IndexedDB record. */
export async function rendererStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [document.documentElement.outerHTML];
    for (const el of Array.from(document.querySelectorAll('input, textarea'))) parts.push((el as HTMLInputElement).value);
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i)!;
        parts.push(`${key}=${store.getItem(key) ?? ''}`);
      }
    }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error(`could not open IndexedDB ${info.name}`));
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(name, 'readonly').objectStore(name).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error ?? new Error(`could not read IndexedDB store ${name}`));
        });
        parts.push(JSON.stringify(all));
      }
      db.close();
    }
    return parts.join('\n');
  });
}

/** A generated form field by its argument name (its label starts with the name, then the required marker). */
export function field(scope: Page | Locator, name: string): Locator {
  return scope.getByLabel(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(\\*|optional)`));
}

export const tools = (page: Page) => page.getByRole('navigation', { name: 'Tools' });
export const result = (page: Page) => page.getByRole('region', { name: 'Result' });

export async function pickTool(page: Page, name: string): Promise<void> {
  await tools(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

/** Presses Run and waits until the Result shows this tool's call with the given status. */
export async function run(page: Page, tool: string, status: 'OK' | 'Tool error' | 'Failed' | 'Cancelled' = 'OK'): Promise<Locator> {
  const before = await page.getByRole('tab', { name: /^History \(/ }).textContent();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const region = result(page);
  await expect(page.getByRole('tab', { name: /^History \(/ })).not.toHaveText(before ?? '', { timeout: 30_000 });
  await expect(region.locator('.pg-result-tool')).toHaveText(tool);
  await expect(region.locator('.pg-result-head .badge').first()).toHaveText(status);
  return region;
}
