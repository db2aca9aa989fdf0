/** Every validator id in the real registry corpus (read-only) goes through the domain check. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REGISTRY_CHAINS, checkValidatorId, type Check } from '../../../domain/index';

const CORPUS = fileURLToPath(new URL('../../../../shared/registry-corpus/blockchains/', import.meta.url));

interface CorpusId {
  chain: string;
  id: string;
  result: Check<string>;
}

const folders = readdirSync(CORPUS).sort();
const ids: CorpusId[] = folders.flatMap((chain) => {
  const list = JSON.parse(readFileSync(`${CORPUS}${chain}/validators/list.json`, 'utf8')) as { id: string }[];
  return list.map((entry) => ({ chain, id: entry.id, result: checkValidatorId(chain, entry.id) }));
});

/**
 * Corpus ids that fail, each with the reason it is right to reject them. Anything not listed here must pass.
 * - umee: the list contains a Band Protocol operator address (bandvaloper1…), a real error in the registry.
 */
const EXPECTED_FAILURES = [{ chain: 'umee', id: 'bandvaloper1hdw8pzr79y4at0teak0mwcrjhv3e6n3wegfv2m' }];

describe('the real registry corpus', () => {
  it('has a folder for each of the 52 catalog chains and nothing else', () => {
    expect(folders).toEqual(REGISTRY_CHAINS.map((c) => c.slug));
  });

  it('holds 600 validator ids', () => {
    expect(ids).toHaveLength(600);
  });

  it('fails only the justified ids', () => {
    const failures = ids.filter((x) => !x.result.ok).map(({ chain, id }) => ({ chain, id }));
    expect(failures).toEqual(EXPECTED_FAILURES);
  });

  it('rejects the bandvaloper id in umee with a message naming the right prefix', () => {
    const umee = ids.find((x) => x.id === 'bandvaloper1hdw8pzr79y4at0teak0mwcrjhv3e6n3wegfv2m');
    expect(umee?.result).toEqual({
      ok: false,
      code: 'wrong-prefix',
      message: 'this is a bandvaloper address (Band Protocol); Umee validator ids start with umeevaloper1',
    });
  });

  it('finds every valid id already in its normalised form (the registry keys logo folders by the exact id)', () => {
    const changed = ids.filter((x) => x.result.ok && x.result.value !== x.id);
    expect(changed).toEqual([]);
  });

  it('takes each catalog example id from the corpus (except the two chains with empty lists)', () => {
    for (const chain of REGISTRY_CHAINS) {
      const found = ids.some((x) => x.chain === chain.slug && x.id === chain.exampleId);
      expect(found, chain.slug).toBe(chain.exampleFromRegistry);
    }
  });

  it('covers every id format: each chain with ids has at least one valid one', () => {
    const chainsWithIds = new Set(ids.map((x) => x.chain));
    for (const chain of chainsWithIds)
      expect(
        ids.some((x) => x.chain === chain && x.result.ok),
        chain,
      ).toBe(true);
    expect(chainsWithIds.size).toBe(50);
  });
});
