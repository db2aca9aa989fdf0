// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import type { EmbeddedRateState } from '../../../../domain/ipc/settings-channels';
import { ApiContext } from '../../app/api-context';
import { createQueryClient } from '../../app/query-client';
import { BuiltInGatewayPanel } from './BuiltInGatewayPanel';
import { EmbeddedRateSetting } from './EmbeddedRateSetting';

afterEach(cleanup);

const FILE = '/home/u/.config/gateway-companion/settings.json';
const off: EmbeddedRateState = { settingsFile: FILE, paced: false };

function setting(state: EmbeddedRateState, extra: { error?: string; savedNow?: { rate: number | null; paced: boolean } } = {}) {
  const onSave = vi.fn();
  const view = render(<EmbeddedRateSetting state={state} onSave={onSave} saving={false} {...extra} />);
  return { onSave, view };
}

const group = () => screen.getByRole('group', { name: 'Built-in gateway rate limit' });
const apply = () => screen.getByRole('button', { name: 'Apply' });

describe('EmbeddedRateSetting', () => {
  it('is a labelled group of three choices showing the saved one, with what is in effect now', () => {
    setting({ settingsFile: FILE, saved: 1, inEffect: 1, paced: false });
    const radios = within(group()).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['off', 'free', 'custom']);
    expect(screen.getByRole('radio', { name: /1 request per second, like the public gateway’s free tier/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByText(/^Now:/).textContent).toBe('Now: 1 request per second per account, 429 with Retry-After beyond');
    // Nothing changed yet: nothing to apply.
    expect(apply()).toHaveProperty('disabled', true);
  });

  it('saves the free tier, or off, only when Apply is pressed', async () => {
    const user = userEvent.setup();
    const { onSave } = setting(off);
    await user.click(screen.getByRole('radio', { name: /free tier/ }));
    expect(onSave).not.toHaveBeenCalled();
    await user.click(apply());
    expect(onSave).toHaveBeenLastCalledWith({ rate: 1, paced: false });
    cleanup();
    const again = setting({ settingsFile: FILE, saved: 1, inEffect: 1, paced: true });
    await user.click(screen.getByRole('radio', { name: /^Off/ }));
    await user.click(apply());
    expect(again.onSave).toHaveBeenLastCalledWith({ rate: null, paced: true });
  });

  it('works from the keyboard: arrows move the choice without saving, the field and Apply follow in tab order', async () => {
    const user = userEvent.setup();
    const { onSave } = setting(off);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /^Off/ }));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Another rate' })).toHaveProperty('checked', true);
    expect(onSave).not.toHaveBeenCalled();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Requests per second per account'));
    await user.keyboard('2.5{Enter}');
    expect(onSave).toHaveBeenLastCalledWith({ rate: 2.5, paced: false });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Pace the built-in profile to it' }));
    await user.keyboard(' ');
    await user.tab();
    expect(document.activeElement).toBe(apply());
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenLastCalledWith({ rate: 2.5, paced: true });
  });

  it('says why a typed rate cannot be used and keeps Apply off', async () => {
    const user = userEvent.setup();
    const { onSave } = setting(off);
    await user.click(screen.getByRole('radio', { name: 'Another rate' }));
    const field = screen.getByLabelText('Requests per second per account');
    expect(apply()).toHaveProperty('disabled', true);
    for (const bad of ['fast', '0', '5000']) {
      await user.clear(field);
      await user.type(field, bad);
      expect(screen.getByRole('status').textContent).toMatch(/^The rate must be a number of requests per second above 0 and at most 1000/);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(apply()).toHaveProperty('disabled', true);
    }
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows a custom saved rate in its field, and says what a save did', () => {
    setting({ settingsFile: FILE, saved: 2.5, inEffect: 2.5, paced: true }, { savedNow: { rate: 2.5, paced: true } });
    expect(screen.getByRole('radio', { name: 'Another rate' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Requests per second per account')).toHaveProperty('value', '2.5');
    expect(screen.getByRole('status').textContent).toBe(
      'Saved. The built-in gateway now refuses requests past 2.5 requests per second per account with HTTP 429; the built-in profile paces its requests to it from its next connection.',
    );
  });

  it('leaves only pacing to choose when the environment variable decides the limit, and says so', async () => {
    const { onSave } = setting({ settingsFile: FILE, environment: '3', inEffect: 3, paced: false });
    expect(group()).toHaveProperty('disabled', true);
    expect(apply()).toHaveProperty('disabled', true);
    expect(screen.getByText(/GATEWAY_COMPANION_EMBEDDED_RATE is set to “3” where the app was started/)).toBeDefined();
    expect(screen.getByText(/^Now:/).textContent).toContain('3 requests per second per account');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Pace the built-in profile to it' }));
    await user.click(apply());
    expect(onSave).toHaveBeenLastCalledWith({ rate: null, paced: true });
  });

  it('offers pacing only with a limit to pace to', async () => {
    setting(off);
    const pace = screen.getByRole('checkbox', { name: 'Pace the built-in profile to it' });
    expect(pace).toHaveProperty('disabled', true);
    await userEvent.setup().click(screen.getByRole('radio', { name: /free tier/ }));
    expect(pace).toHaveProperty('disabled', false);
  });

  it('shows main’s refusal and a problem with what is saved', () => {
    setting(
      { settingsFile: FILE, paced: false, problem: 'The built-in gateway’s rate limit in settings.json is not requests per second.' },
      { error: 'Busy.' },
    );
    expect(screen.getByRole('alert').textContent).toContain('is not requests per second');
    expect(screen.getByRole('status').textContent).toBe('Busy.');
  });
});

describe('BuiltInGatewayPanel', () => {
  it('reads the state from main, saves the choice and shows main’s new state', async () => {
    let state: EmbeddedRateState = off;
    const embeddedRate = vi.fn(async () => state);
    const setEmbeddedRate = vi.fn(async ({ rate, paced }: { rate: number | null; paced: boolean }) => {
      state = rate === null ? { ...off, paced } : { settingsFile: FILE, saved: rate, inEffect: rate, paced };
      return state;
    });
    const api = { settings: { embeddedRate, setEmbeddedRate } } as unknown as CompanionApi;
    render(
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={createQueryClient()}>
          <BuiltInGatewayPanel />
        </QueryClientProvider>
      </ApiContext.Provider>,
    );
    expect(await screen.findByRole('region', { name: 'Built-in gateway' })).toBeDefined();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /free tier/ }));
    await user.click(apply());
    expect(setEmbeddedRate).toHaveBeenCalledWith({ rate: 1, paced: false });
    expect(await screen.findByText(/^Saved\. The built-in gateway now refuses requests past 1 request per second/)).toBeDefined();
    expect(screen.getByText(/^Now:/).textContent).toContain('1 request per second per account');
    expect(apply()).toHaveProperty('disabled', true);
  });
});
