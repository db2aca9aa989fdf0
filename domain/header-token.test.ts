import { describe, expect, it } from 'vitest';
import { isHeaderName, isHeaderToken } from './header-token';

describe('isHeaderToken', () => {
  it.each([
    ['2025-06-18', 64, true],
    ['a', 1, true],
    ['!~', 64, true],
    ['x'.repeat(64), 64, true],
    ['x'.repeat(65), 64, false],
    ['', 64, false],
    ['has space', 64, false],
    ['tab\there', 64, false],
    ['line\r\nx-evil: 1', 64, false],
    ['caf\u00e9', 64, false],
    ['nul\u0000', 64, false],
    ['del\u007f', 64, false],
  ])('%j (max %i) → %s', (value, max, expected) => {
    expect(isHeaderToken(value, max)).toBe(expected);
  });
});

describe('isHeaderName', () => {
  it.each([
    ['X-SVC-CREDENTIAL', true],
    ['X-TW-SECRET-KEY', true],
    ["a!#$%&'*+-.^_`|~9", true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['', false],
    ['X SVC', false],
    ['X-SVC:', false],
    ['X-SVC\r\nEvil', false],
    ['caf\u00e9', false],
    ['(x)', false],
  ])('%j → %s', (name, expected) => {
    expect(isHeaderName(name)).toBe(expected);
  });
});
