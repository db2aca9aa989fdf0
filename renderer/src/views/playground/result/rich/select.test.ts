import type { FunctionComponent, ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../../../../../domain/ipc/playground-channels';
import { getSwapProviders } from '../../../../../../domain/tools/swap';
import { validateAddress } from '../../../../../../domain/tools/security';
import type { RichContext, RichProps } from './common';
import { pickRichView, richView } from './select';

const outcome = (tool: string, status: CallOutcome['status'] = 'ok'): CallOutcome => ({
  callId: 'c1',
  tool,
  status,
  startedAt: 0,
  durationMs: 1,
  bytes: 10,
});
const context = (o: CallOutcome): RichContext => ({ outcome: o, args: {}, onRun: () => undefined });

// Stand-ins for the views: what matters here is which one is chosen and what data it is given.
const Providers: FunctionComponent<RichProps<{ dex: unknown[] }>> = () => null;
const Valid: FunctionComponent<RichProps<{ status: 'ok' }>> = () => null;
const Invalid: FunctionComponent<RichContext> = () => null;
const VIEWS = [richView(getSwapProviders, Providers), richView(validateAddress, Valid, Invalid)];

const providers = {
  dex: [{ id: '1inch', name: '1inch', rank: 1, fee: 0.05 }],
  bridge: [{ id: 'stargate', name: 'Stargate', rank: 1 }],
};

describe('choosing a result summary from the tool’s output schema', () => {
  it('gives the view the result its output schema parsed, extra fields kept', () => {
    const o = outcome('get_swap_providers');
    const element = pickRichView(VIEWS, o, providers)?.(context(o)) as ReactElement<RichProps<typeof providers>>;
    expect(element.type).toBe(Providers);
    expect(element.props.data).toEqual(providers);
    expect(element.props.outcome).toBe(o);
  });

  it('has no summary for another gateway’s shape, so the JSON tree shows it', () => {
    const o = outcome('get_swap_providers');
    expect(pickRichView(VIEWS, o, { dex: [{ id: '1inch' }], bridge: [] })).toBeNull();
    expect(pickRichView(VIEWS, o, { providers: [] })).toBeNull();
    expect(pickRichView(VIEWS, o, 'plain text')).toBeNull();
    expect(pickRichView(VIEWS, o, undefined)).toBeNull();
  });

  it('has no summary for a tool it does not know, or a call that failed or was cancelled', () => {
    expect(pickRichView(VIEWS, outcome('get_weather'), providers)).toBeNull();
    expect(pickRichView(VIEWS, outcome('get_swap_providers', 'error'), providers)).toBeNull();
    expect(pickRichView(VIEWS, outcome('get_swap_providers', 'cancelled'), providers)).toBeNull();
    expect(pickRichView(VIEWS, outcome('get_swap_providers', 'tool-error'), providers)).toBeNull();
  });

  it('shows a tool error only where the view has a verdict for it', () => {
    const failed = outcome('validate_address', 'tool-error');
    const error = { code: 'invalid_address', message: 'bad checksum' };
    expect((pickRichView(VIEWS, failed, error)?.(context(failed)) as ReactElement).type).toBe(Invalid);
    const ok = outcome('validate_address');
    expect((pickRichView(VIEWS, ok, { status: 'ok' })?.(context(ok)) as ReactElement).type).toBe(Valid);
    expect(pickRichView(VIEWS, ok, { status: 'invalid' })).toBeNull();
  });
});
