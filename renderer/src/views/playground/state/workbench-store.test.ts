import { beforeEach, describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../../../../domain/ipc/playground-channels';
import { useWorkbenchStore } from './workbench-store';

const outcome = (tool: string, structuredContent?: unknown): CallOutcome => ({
  callId: `call-${tool}`,
  tool,
  status: 'ok',
  startedAt: 1_700_000_000_000,
  durationMs: 5,
  bytes: 100,
  result: { content: [{ type: 'text', text: '{}' }], ...(structuredContent ? { structuredContent } : {}) },
});
const work = () => useWorkbenchStore.getState();

beforeEach(() => {
  useWorkbenchStore.setState(useWorkbenchStore.getInitialState(), true);
});

describe('workbench store', () => {
  it('opening a tool starts its draft from the initial arguments once, then keeps the edits', () => {
    work().selectTool('get_token_prices', { assetIds: [] });
    work().setDraft('get_token_prices', { assetIds: ['c60'] });
    work().touch(['/assetIds']);
    work().selectTool('get_swap_quote', {});
    work().selectTool('get_token_prices', { assetIds: [] });
    expect(work().drafts.get_token_prices).toEqual({ assetIds: ['c60'] });
    expect(work().jsonText).toBe(JSON.stringify({ assetIds: ['c60'] }, null, 2));
    // A tool opened afresh: nothing touched or checked yet.
    expect(work().touched).toEqual([]);
  });

  it('switches to JSON with the draft, and back only when the JSON parses', () => {
    work().selectTool('t', { a: 1 });
    work().setMode('json');
    expect(work()).toMatchObject({ mode: 'json', jsonText: JSON.stringify({ a: 1 }, null, 2) });
    work().setJsonText('{"a": 2');
    work().setMode('form');
    expect(work().mode).toBe('json');
    expect(work().jsonError).toMatch(/Fix it to switch back to the form\.$/);
    work().setJsonText('{"a": 2}');
    expect(work().jsonError).toBeUndefined();
    work().setMode('form');
    expect(work()).toMatchObject({ mode: 'form', drafts: { t: { a: 2 } } });
  });

  it('currentArgs reads whichever editor shows, and says why JSON that does not parse cannot be sent', () => {
    expect(work().currentArgs()).toBeUndefined();
    work().selectTool('t', { a: 1 });
    expect(work().currentArgs()).toEqual({ a: 1 });
    work().setMode('json');
    work().setJsonText('[1]x');
    expect(work().currentArgs()).toBeUndefined();
    expect(work().jsonError).toBeDefined();
  });

  it('touch records each field once', () => {
    work().touch(['/a', '/b']);
    const touched = work().touched;
    work().touch(['/a']);
    expect(work().touched).toBe(touched);
    work().touch(['/c', '/a']);
    expect(work().touched).toEqual(['/a', '/b', '/c']);
  });

  it('a refused Run shows every issue, asks for focus, and keeps only this tool’s result', () => {
    work().selectTool('t', {});
    work().show({ outcome: outcome('t'), args: {}, profile: 'default', source: 'live' });
    work().refuse('Not sent: fix the marked fields.');
    expect(work()).toMatchObject({ notSent: 'Not sent: fix the marked fields.', submitted: true, focusRequest: 1 });
    expect(work().shown?.outcome.tool).toBe('t');
    work().selectTool('other', {});
    work().notSentBecause('The app’s services are not reachable.');
    expect(work()).toMatchObject({ notSent: 'The app’s services are not reachable.', shown: undefined });
  });

  it('a refusal lasts until the arguments pass a check, the next Run or another tool', () => {
    work().selectTool('t', {});
    work().refuse('Not sent: one argument needs fixing first.');
    work().clearNotSent();
    expect(work()).toMatchObject({ notSent: undefined, submitted: true });
    // Nothing refused: nothing changes (no re-render of the form for each passing check).
    const before = work();
    work().clearNotSent();
    expect(work()).toBe(before);
    work().refuse('Not sent: one argument needs fixing first.');
    work().submit();
    expect(work().notSent).toBeUndefined();
    work().notSentBecause('The app’s services are not reachable.');
    work().selectTool('other', {});
    expect(work()).toMatchObject({ notSent: undefined, submitted: false, touched: [] });
  });

  it('a swap quote’s step ids stay offered after another result is shown', () => {
    const quote = { routes: [{ steps: [{ id: 'step-1' }, { id: 'step-2' }] }] };
    const shown = outcome('get_swap_quote', quote);
    work().show({ outcome: shown, args: {}, profile: 'default', source: 'live' });
    const offered = work().stepIds;
    work().show({ outcome: outcome('get_token_prices'), args: {}, profile: 'default', source: 'history' });
    expect(work().stepIds).toBe(offered);
    expect(work().shown?.outcome.tool).toBe('get_token_prices');
  });

  it('load puts arguments in the editor, switching tool, with nothing checked yet', () => {
    work().selectTool('a', {});
    work().submit();
    work().load('b', { x: 1 });
    expect(work()).toMatchObject({
      tool: 'b',
      drafts: { a: {}, b: { x: 1 } },
      submitted: false,
      jsonText: JSON.stringify({ x: 1 }, null, 2),
    });
  });
});
