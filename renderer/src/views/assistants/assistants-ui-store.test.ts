import { beforeEach, describe, expect, it } from 'vitest';
import type { AssistantsOverview } from '../../../../domain/ipc/assistants-channels';
import { ACTIVITY_KEPT, mergeActivity, selectedProfile } from './assistants-queries';
import { chooseProfile, resetAssistantsUi, useAssistantsUi } from './assistants-ui-store';

beforeEach(resetAssistantsUi);

const overview = { profiles: ['default', 'work'], defaultProfile: 'default' } as AssistantsOverview;

describe('assistants UI store', () => {
  it('starts with no choice, so main’s default profile is used', () => {
    expect(useAssistantsUi.getState().profile).toBeNull();
    expect(selectedProfile(useAssistantsUi.getState().profile, overview)).toBe('default');
  });

  it('uses the chosen profile while main still has it', () => {
    chooseProfile('work');
    expect(selectedProfile(useAssistantsUi.getState().profile, overview)).toBe('work');
    expect(selectedProfile('gone', overview)).toBe('default');
    expect(selectedProfile('work', undefined)).toBe('work');
  });
});

const rec = (time: string) => ({ time, profile: 'default', tool: 't', arguments: {}, durationMs: 1, ok: true });

describe('mergeActivity', () => {
  it('puts event records (oldest first) on top, appends the log (newest first), and adds none twice', () => {
    const read = mergeActivity([], [rec('3'), rec('2')], 'older');
    const live = mergeActivity(read, [rec('3'), rec('4'), rec('5')], 'newer');
    expect(live.map((r) => r.time)).toEqual(['5', '4', '3', '2']);
    expect(mergeActivity(live, [rec('4')], 'older')).toBe(live);
  });

  it('keeps the newest ACTIVITY_KEPT', () => {
    const many = Array.from({ length: ACTIVITY_KEPT + 10 }, (_, i) => rec(String(i)));
    expect(mergeActivity([], many, 'newer')).toHaveLength(ACTIVITY_KEPT);
  });
});
