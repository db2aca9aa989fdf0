// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { ToolInfo, ValidationResult } from '../../../../../domain/ipc/playground-channels';
import { ApiContext } from '../../../app/api-context';
import { createQueryClient } from '../../../app/query-client';
import { useWorkbenchStore } from '../state/workbench-store';
import { ToolPanel } from './ToolPanel';

const tool: ToolInfo = {
  name: 'search_assets',
  group: 'Token information',
  inputSchema: {
    type: 'object',
    required: ['query'],
    properties: { query: { type: 'string', minLength: 2 }, limit: { type: 'integer' } },
  },
};

const TOO_SHORT = 'must NOT have fewer than 2 characters';

/** main's check, as the schema above has it: the query needs two characters. */
function check(args: Record<string, unknown>): ValidationResult {
  const query = args.query;
  return typeof query === 'string' && query.length >= 2
    ? { valid: true, issues: [] }
    : { valid: false, issues: [{ path: 'query', pointer: '/query', message: TOO_SHORT }] };
}

function fakeApi(options: { unreachable?: () => boolean; held?: () => Promise<void> | undefined } = {}) {
  const validate = vi.fn(async (_tool: string, args: Record<string, unknown>) => {
    if (options.unreachable?.()) throw new Error('The app’s services are not reachable.');
    await options.held?.();
    return check(args);
  });
  const call = vi.fn(async () => {
    throw new Error('not connected');
  });
  return { validate, call, api: { playground: { validate, call, cancel: vi.fn() } } as unknown as CompanionApi };
}

function renderPanel(api: CompanionApi) {
  return render(
    <ApiContext.Provider value={api}>
      <QueryClientProvider client={createQueryClient()}>
        <ToolPanel tool={tool} />
      </QueryClientProvider>
    </ApiContext.Provider>,
  );
}

const queryField = () => screen.getByLabelText(/^query/);
const notSent = () => screen.queryByText(/^Not sent:/);
const fieldErrors = () => document.querySelector('[data-pointer="/query"] .pg-field-errors')?.textContent ?? '';

beforeEach(() => {
  useWorkbenchStore.setState(useWorkbenchStore.getInitialState(), true);
  useWorkbenchStore.getState().selectTool(tool.name, { query: '' });
});
afterEach(cleanup);

describe('ToolPanel’s live check of the arguments', () => {
  it('asks main nothing before a field is touched, then shows each message beside its field as the user types', async () => {
    const user = userEvent.setup();
    const { api, validate } = fakeApi();
    renderPanel(api);
    expect(validate).not.toHaveBeenCalled();
    await user.type(queryField(), 'a');
    await waitFor(() => expect(fieldErrors()).toBe(TOO_SHORT));
    expect(validate).toHaveBeenLastCalledWith(tool.name, { query: 'a' });
    expect(queryField().getAttribute('aria-invalid')).toBe('true');
    // Before Run, nothing is listed above the Run bar.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(queryField(), 'b');
    await waitFor(() => expect(fieldErrors()).toBe(''));
    expect(validate).toHaveBeenLastCalledWith(tool.name, { query: 'ab' });
  });

  it('waits for a pause in typing: a word typed at once is checked once, not for each letter', async () => {
    const user = userEvent.setup();
    const { api, validate } = fakeApi();
    renderPanel(api);
    await user.type(queryField(), 'usdc');
    await waitFor(() => expect(validate).toHaveBeenCalledWith(tool.name, { query: 'usdc' }));
    expect(validate.mock.calls.filter(([, args]) => args.query !== 'usdc')).toEqual([]);
  });

  it('a refused Run lists the issues, focuses the field to fix and sends nothing; a valid check then clears “Not sent” for good', async () => {
    const user = userEvent.setup();
    const { api, call } = fakeApi();
    renderPanel(api);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByText(/^Not sent:/)).textContent).toBe('Not sent: one argument needs fixing first.');
    expect(screen.getByRole('alert').className).toContain('error');
    expect(screen.getByRole('button', { name: TOO_SHORT })).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(queryField()));
    expect(call).not.toHaveBeenCalled();

    // The same list of issues follows the live check, and a valid check clears the refusal.
    await user.type(queryField(), 'ab');
    await waitFor(() => expect(notSent()).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    // Broken again: its message shows (Run was pressed, so also in the list), but "Not sent" stays gone until the next Run.
    await user.type(queryField(), '{Backspace}');
    await waitFor(() => expect(fieldErrors()).toBe(TOO_SHORT));
    expect(screen.getByRole('alert').className).toContain('warn');
    expect(notSent()).toBeNull();
    expect(screen.getByRole('button', { name: TOO_SHORT })).toBeDefined();
  });

  it('while new arguments are checked the previous answer stays on screen (no flicker)', async () => {
    const user = userEvent.setup();
    let hold: Promise<void> | undefined;
    let release = () => {};
    const { api, validate } = fakeApi({ held: () => hold });
    renderPanel(api);
    await user.type(queryField(), 'a');
    await waitFor(() => expect(fieldErrors()).toBe(TOO_SHORT));
    hold = new Promise((resolve) => (release = resolve));
    await user.type(queryField(), 'b');
    await waitFor(() => expect(validate).toHaveBeenLastCalledWith(tool.name, { query: 'ab' }));
    expect(fieldErrors()).toBe(TOO_SHORT);
    hold = undefined;
    release();
    await waitFor(() => expect(fieldErrors()).toBe(''));
  });

  it('a Run pressed before typing pauses shows that Run’s issues at once and focuses the field they name', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi();
    renderPanel(api);
    await user.type(screen.getByLabelText(/^limit/), '5');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByText(/^Not sent:/);
    expect(fieldErrors()).toBe(TOO_SHORT);
    await waitFor(() => expect(document.activeElement).toBe(queryField()));
  });

  it('an invalid live check keeps a refused Run’s “Not sent”', async () => {
    const user = userEvent.setup();
    const { api, validate } = fakeApi();
    renderPanel(api);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByText(/^Not sent:/);
    const asked = validate.mock.calls.length;
    await user.type(queryField(), 'a');
    await waitFor(() => expect(validate.mock.calls.length).toBeGreaterThan(asked));
    await waitFor(() => expect(validate).toHaveBeenLastCalledWith(tool.name, { query: 'a' }));
    expect(notSent()).not.toBeNull();
    expect(fieldErrors()).toBe(TOO_SHORT);
  });

  it('says why nothing was sent when main cannot check the arguments', async () => {
    const user = userEvent.setup();
    const { api, call } = fakeApi({ unreachable: () => true });
    renderPanel(api);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('The app’s services are not reachable.')).toBeDefined();
    expect(call).not.toHaveBeenCalled();
  });

  it('in JSON, text that does not parse is not checked while typed, and Run says why it cannot be sent', async () => {
    const user = userEvent.setup();
    const { api, validate, call } = fakeApi();
    renderPanel(api);
    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    const json = screen.getByLabelText('Arguments as JSON');
    await user.clear(json);
    await user.type(json, '{{"query": "a"');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(notSent()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(json));
    expect(validate).not.toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
    await user.type(json, '}');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByText(/^Not sent:/)).textContent).toBe('Not sent: one argument needs fixing first.');
    expect(validate).toHaveBeenLastCalledWith(tool.name, { query: 'a' });
  });
});
