import { describe, expect, it } from 'vitest';
import { PRICE_CURRENCIES } from '../../../domain/tools/market';
import * as security from '../../../domain/tools/security';
import * as swap from '../../../domain/tools/swap';
import * as tokenInfo from '../../../domain/tools/token-info';
import * as market from '../../../domain/tools/market';
import { FIAT_RATES } from '../../dataset/prices';
import { DOMAINS } from '../../dataset/swap/domains';
import { TOOL_CONTRACTS } from '../../../domain/tools/catalogue';
import { TOOLS } from './index';

describe('the reference tools serve the domain contracts', () => {
  it('each tool is its contract (same name, schemas and text), plus a group and a call', () => {
    const contracts = [tokenInfo, swap, market, security].flatMap((m) =>
      Object.values(m).filter((v): v is typeof tokenInfo.searchAssets => typeof v === 'object' && v !== null && 'output' in v),
    );
    expect(contracts).toHaveLength(13);
    expect(TOOLS.map((t) => t.name).sort()).toEqual(contracts.map((c) => c.name).sort());
    for (const contract of contracts) {
      const tool = TOOLS.find((t) => t.name === contract.name)!;
      expect(tool.output).toBe(contract.output);
      expect(tool.input).toBe(contract.input);
      expect([tool.title, tool.description]).toEqual([contract.title, contract.description]);
    }
  });

  it('the one ordered list holds every contract once, and the gateway serves its tools in that order', () => {
    const exported = [tokenInfo, swap, market, security].flatMap((m): unknown[] =>
      Object.values(m).filter((v: unknown) => typeof v === 'object' && v !== null && 'output' in v),
    );
    expect(new Set(TOOL_CONTRACTS)).toEqual(new Set(exported));
    expect(TOOL_CONTRACTS).toHaveLength(13);
    expect(TOOLS.map((t) => t.name)).toEqual(TOOL_CONTRACTS.map((c) => c.name));
  });

  it('accepts exactly the swap domains and currencies the dataset has', () => {
    expect(DOMAINS.flatMap((d) => [d.id, ...(d.aliases ?? [])]).sort()).toEqual([...swap.SWAP_DOMAIN_IDS].sort());
    expect(Object.keys(FIAT_RATES)).toEqual([...PRICE_CURRENCIES]);
  });
});
