// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoctorRun } from '../../../../domain/ipc/doctor-channels';
import { DoctorReportView } from './DoctorReportView';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const run: DoctorRun = {
  report: {
    version: 1,
    verdict: 'broken',
    profile: 'work',
    totalMs: 1234,
    hops: [
      { id: 'profile', label: 'The profile and its secret', status: 'ok', ms: 12, detail: 'https://gw.example.com/mcp' },
      {
        id: 'tls',
        label: 'TLS',
        status: 'failed',
        ms: 40,
        cause: 'unknown_ca',
        detail: 'an unknown authority',
        fix: 'Give the profile its CA file.',
      },
      { id: 'http', label: 'The HTTP answer', status: 'not-reached', ms: 0 },
    ],
  },
  text: 'Verdict: broken at "TLS"',
};

describe('DoctorReportView', () => {
  it('names the broken hop with its fix, shows each hop, and copies the text report', async () => {
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<DoctorReportView run={run} />);
    expect(screen.getByText('Broken at “TLS” · 1.2 s')).toBeDefined();
    expect(screen.getByRole('note').textContent).toBe('Fix: Give the profile its CA file.');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Copy the report' }));
    expect(write).toHaveBeenCalledWith('Verdict: broken at "TLS"');
  });
});
