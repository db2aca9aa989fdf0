// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FindingsSummary } from './FindingsSummary';
import { ScanProgress } from './ScanProgress';

afterEach(cleanup);

describe('ScanProgress', () => {
  it('says it is looking for files until it knows how many, then how far it is and on which chain', () => {
    const { rerender } = render(<ScanProgress progress={{ done: 0, total: 0 }} />);
    expect(screen.getByText('Finding lists and logos…')).toBeDefined();
    rerender(<ScanProgress progress={{ done: 1250, total: 5000, chain: 'cosmos' }} />);
    expect(screen.getByText('1,250 of 5,000 files (25%) · Cosmos Hub')).toBeDefined();
    expect(screen.getByLabelText('Checking registry').getAttribute('aria-valuetext')).toBe('25%');
  });
});

describe('FindingsSummary', () => {
  it('counts what was checked and the findings by severity', () => {
    const summary = { chains: 2, entries: 1, logos: 3, errors: 1, warnings: 0, infos: 2 };
    render(<FindingsSummary report={{ summary, totalMs: 1500 }} />);
    expect(screen.getByText(/2 chains · 1 entry · 3 logos checked in 1.5 s/)).toBeDefined();
    expect(screen.getByText('1 error')).toBeDefined();
    expect(screen.getByText('0 warnings')).toBeDefined();
    expect(screen.getByText('2 notes')).toBeDefined();
  });
});
