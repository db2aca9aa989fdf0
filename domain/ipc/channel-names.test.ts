import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES } from './channel-names';
import { contract, events, type Channel, type EventName } from './contract';

const sorted = (names: Iterable<string>) => [...names].sort();

// The preload forwards only the names in channel-names.ts; a channel missing there would be absent from
// window.companion, and a name with no schema would reach main only to be refused.
describe('channel-names.ts matches the contract', () => {
  it('lists every contract channel, and nothing else, once', () => {
    expect(sorted(CHANNEL_NAMES)).toEqual(sorted(Object.keys(contract)));
    expect(new Set(CHANNEL_NAMES).size).toBe(CHANNEL_NAMES.length);
  });

  it('lists every contract event, and nothing else, once', () => {
    expect(sorted(EVENT_NAMES)).toEqual(sorted(Object.keys(events)));
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });

  it('has the same name types as the contract', () => {
    expectTypeOf<(typeof CHANNEL_NAMES)[number]>().toEqualTypeOf<Channel>();
    expectTypeOf<(typeof EVENT_NAMES)[number]>().toEqualTypeOf<EventName>();
  });
});
