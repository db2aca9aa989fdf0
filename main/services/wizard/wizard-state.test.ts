import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTempDir } from '../../../platform/files/test-support';
import { createWizardState } from './wizard-state';

const tempDir = useTempDir('wizard-state-');
let dir: string;
beforeEach(() => {
  dir = tempDir();
});

describe('wizard state', () => {
  it('keeps a draft and recent folders across instances, creating its folder on first write', async () => {
    const state = createWizardState(join(dir, 'wizard'));
    expect(await state.loadDraft()).toBeNull();
    await state.saveDraft('{"step":2}');
    await state.rememberFolder('/a');
    const again = createWizardState(join(dir, 'wizard'));
    expect(await again.loadDraft()).toBe('{"step":2}');
    expect(await again.recentFolders()).toEqual(['/a']);
  });

  it.runIf(process.platform !== 'win32')('treats a draft that is a FIFO, or too large, as no draft, without waiting', async () => {
    execFileSync('mkfifo', [join(dir, 'draft.json')]);
    execFileSync('mkfifo', [join(dir, 'recent-folders.json')]);
    const state = createWizardState(dir);
    expect(await state.loadDraft()).toBeNull();
    expect(await state.recentFolders()).toEqual([]);
    rmSync(join(dir, 'draft.json'));
    writeFileSync(join(dir, 'draft.json'), `"${'x'.repeat(4 * 1024 * 1024)}"`);
    expect(await state.loadDraft()).toBeNull();
  });
});
