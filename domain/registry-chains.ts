/** First version: catalog plus shape checks; checksum validation follows in ./validator-ids. */
import { fail, ok, type Check } from './result';

export interface RegistryChain {
  readonly slug: string;
  readonly name: string;
  readonly idFormat: string;
  readonly exampleId: string;
}

const B = '[02-9ac-hj-np-z]';
const entries: [string, string, string, string, RegExp][] = [
  ['agoric', 'Agoric', 'agoricvaloper1… (bech32)', 'agoricvaloper1ahd5z754dkgqxuc5fcwd2s5tatmpurhsdeqes2', new RegExp(`^agoricvaloper1${B}{38}$`)],
];

export const REGISTRY_CHAINS: readonly RegistryChain[] = entries.map(([slug, name, idFormat, exampleId]) => ({ slug, name, idFormat, exampleId }));

export function getRegistryChain(slug: string): RegistryChain | undefined {
  return REGISTRY_CHAINS.find((c) => c.slug === slug);
}

export function checkValidatorId(chainSlug: string, id: string): Check<string> {
  const e = entries.find((x) => x[0] === chainSlug);
  if (!e) return fail('unknown-chain', `"${chainSlug}" is not a registry chain`);
  return e[4].test(id) ? ok(id) : fail('bad-format', `${e[1]} validator ids look like ${e[2]}`);
}
