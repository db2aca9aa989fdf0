import { describe, expect, it } from 'vitest';
import type { RegistryFinding } from '../../../../domain/ipc/registry-channels';
import { errorsShown, filledDetails, resetDetailsTouch, shownFindings, useDetailsTouch } from './details-touch';
import { emptyForm } from './entry-form';

const finding = (code: string, field: string, severity: RegistryFinding['severity'] = 'error') =>
  ({ code, field, severity, message: `${code} message` }) as RegistryFinding;

describe('Details errors wait for the user', () => {
  it('shows a field’s errors once it was touched, and all of them once Next was pressed', () => {
    expect(errorsShown('name', { touched: [], submitted: false })).toBe(false);
    expect(errorsShown('name', { touched: ['name'], submitted: false })).toBe(true);
    expect(errorsShown('description', { touched: ['name'], submitted: false })).toBe(false);
    expect(errorsShown('payout.commission', { touched: ['payout.commission'], submitted: false })).toBe(true);
    expect(errorsShown('website', { touched: [], submitted: true })).toBe(true);
  });

  it('keeps warnings about what a field holds, hides its errors until then', () => {
    const findings = [finding('name-empty', 'name'), finding('text-whitespace', 'name', 'warning')];
    expect(shownFindings('name', findings, { touched: [], submitted: false })).toEqual([findings[1]]);
    expect(shownFindings('name', findings, { touched: ['name'], submitted: false })).toEqual(findings);
    expect(shownFindings('name', null, { touched: [], submitted: false })).toBeNull();
  });

  it('counts the fields the step opens with a value as touched: an entry being fixed shows its errors at once', () => {
    expect(filledDetails(emptyForm())).toEqual([]);
    const form = { ...emptyForm(), name: 'Aurora', website: 'hhttps://aurora.example', commission: '5', description: '  ' };
    expect(filledDetails(form)).toEqual(['name', 'website', 'payout.commission']);
    resetDetailsTouch(filledDetails(form));
    const state = useDetailsTouch.getState();
    expect(errorsShown('website', state)).toBe(true);
    expect(errorsShown('description', state)).toBe(false);
    resetDetailsTouch();
    expect(useDetailsTouch.getState().touched).toEqual([]);
  });
});
