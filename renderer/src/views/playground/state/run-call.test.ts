import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { CallOutcome, ValidationIssue } from '../../../../../domain/ipc/playground-channels';
import { createQueryClient } from '../../../app/query-client';
import { playgroundKeys } from './playground-queries';
import { runTool } from './run-call';
import { useWorkbenchStore } from './workbench-store';

const outcome = (tool: string): CallOutcome => ({
  callId: `call-${tool}`,
  tool,
  status: 'ok',
  startedAt: 1_700_000_000_000,
  durationMs: 5,
  bytes: 100,
  result: { content: [{ type: 'text', text: '{}' }] },
});

const issue: ValidationIssue = { path: 'assetIds', pointer: '/assetIds', message: 'must have at least 1 item' };

/** An api whose check refuses the arguments (or fails), and that fails the test if a call is sent. */
const refusing = (how: 'invalid' | 'unreachable') =>
  ({
    playground: {
      validate: async () => {
        if (how === 'unreachable') throw new Error('The app’s services are not reachable.');
        return { valid: false, issues: [issue] };
      },
      call: async () => {
        throw new Error('a refused Run must not be sent');
      },
    },
  }) as unknown as CompanionApi;

describe('a refused Run and the result panel', () => {
  beforeEach(() => {
    useWorkbenchStore.setState(useWorkbenchStore.getInitialState(), true);
    useWorkbenchStore.getState().selectTool('get_token_prices', {});
    useWorkbenchStore.getState().show({ outcome: outcome('get_token_prices'), args: {}, profile: 'default', source: 'live' });
  });

  it.each(['invalid', 'unreachable'] as const)('drops another tool’s result (%s)', async (how) => {
    useWorkbenchStore.getState().selectTool('get_swap_quote', {});
    await runTool(refusing(how), createQueryClient(), 'get_swap_quote', {});
    const state = useWorkbenchStore.getState();
    expect(state.notSent).toMatch(/Not sent|not reachable/);
    expect(state.shown).toBeUndefined();
  });

  it('keeps the same tool’s last result beside the refused form, its issues in the live check’s cache entry', async () => {
    const client = createQueryClient();
    await runTool(refusing('invalid'), client, 'get_token_prices', {});
    expect(useWorkbenchStore.getState().shown?.outcome.tool).toBe('get_token_prices');
    expect(client.getQueryData(playgroundKeys.argumentCheck('get_token_prices', {}))).toEqual({ valid: false, issues: [issue] });
  });

  it('asks main again on each Run, even for arguments the live check already answered', async () => {
    const client = createQueryClient();
    client.setQueryData(playgroundKeys.argumentCheck('get_token_prices', {}), { valid: true, issues: [] });
    await runTool(refusing('invalid'), client, 'get_token_prices', {});
    expect(useWorkbenchStore.getState().notSent).toBe('Not sent: one argument needs fixing first.');
  });
});
