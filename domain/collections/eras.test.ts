import { describe, expect, it } from 'vitest';
import { erasOf, isEraChoice } from './eras';

describe('protocol era choices', () => {
  it('runs the 2025 era by default, one era when named, and both in order', () => {
    expect(erasOf(undefined)).toEqual(['2025-11-25']);
    expect(erasOf('2026-07-28')).toEqual(['2026-07-28']);
    expect(erasOf('both')).toEqual(['2025-11-25', '2026-07-28']);
  });

  it('knows the choices and nothing else', () => {
    expect(['2025-11-25', '2026-07-28', 'both'].every(isEraChoice)).toBe(true);
    expect(isEraChoice('2024-11-05')).toBe(false);
    expect(isEraChoice('Both')).toBe(false);
  });
});
