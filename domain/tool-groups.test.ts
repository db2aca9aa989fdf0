import { describe, expect, it } from 'vitest';
import { TOOL_GROUP_META_KEY, toolGroup } from './tool-groups';

const labelled = (label: unknown) => ({ [TOOL_GROUP_META_KEY]: label });

describe('toolGroup', () => {
  it('uses the gateway label when there is one, else the spec table', () => {
    expect(toolGroup('anything', labelled('Swap & bridge'))).toBe('Swap & bridge');
    expect(toolGroup('check_token_security', undefined)).toBe('Security');
    expect(toolGroup('get_token_prices', labelled('unheard of'))).toBe('Market data');
    expect(toolGroup('get_token_prices', labelled(7))).toBe('Market data');
    expect(toolGroup('echo', {})).toBe('Other');
  });

  it("reads other gateways' wording of the same groups", () => {
    expect(toolGroup('anything', labelled('Swap and bridge'))).toBe('Swap & bridge');
    expect(toolGroup('anything', labelled('  swap   AND bridge '))).toBe('Swap & bridge');
    expect(toolGroup('anything', labelled('MARKET DATA'))).toBe('Market data');
    expect(toolGroup('anything', labelled('token information'))).toBe('Token information');
    expect(toolGroup('anything', labelled('security'))).toBe('Security');
    expect(toolGroup('anything', labelled('Other'))).toBe('Other');
  });
});
