// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SaveRecordingButton } from './SaveRecordingButton';

afterEach(cleanup);

const button = () => screen.getByRole('button', { name: "Save Cursor's last session as collection" });

describe('SaveRecordingButton', () => {
  it('saves, then says where the collection is and how many calls it holds', async () => {
    const onSave = vi.fn().mockResolvedValue({ file: '/data/collections/cursor-1.collection.json', items: 3 });
    render(<SaveRecordingButton clientName="Cursor" onSave={onSave} />);
    await userEvent.setup().click(button());
    expect(onSave).toHaveBeenCalledOnce();
    expect(await screen.findByText(/Saved 3 calls to/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('/data/collections/cursor-1.collection.json');
  });

  it("shows main's refusal in plain words", async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('No session has been recorded yet.'));
    render(<SaveRecordingButton clientName="Cursor" onSave={onSave} />);
    await userEvent.setup().click(button());
    expect((await screen.findByRole('alert')).textContent).toBe('No session has been recorded yet.');
  });
});
