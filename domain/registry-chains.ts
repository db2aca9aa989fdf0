/**
 * The validator registry's 52 chains: folder slug, display name, the format of validator ids, and a
 * validator id check with the real checksum wherever the format has one.
 */
import { fail, type Check } from './result';
import { folderNameProblem } from './folder-name';
import { checkPlainText } from './input';
import { checkBech32Id, bech32DataChars } from './formats/bech32-id';
import { checkEvmAddress } from './formats/evm-address';
import { checkSs58 } from './formats/ss58';
import { checkWavesAddress } from './formats/waves';
import { checkBase58Key, checkHexId } from './formats/plain-ids';
import { checkIotexDelegate, checkNearAccount } from './formats/names';
import { checkTezosAddress, checkTronAddress } from './formats/base58check-ids';

export interface RegistryChain {
  /** Folder name under blockchains/, e.g. "cosmos". */
  readonly slug: string;
  readonly name: string;
  /** Human description of validator ids, e.g. "cosmosvaloper1… (bech32)". */
  readonly idFormat: string;
  /** A real id from the registry, or (for the two chains with empty lists) a well-formed illustration. */
  readonly exampleId: string;
  readonly exampleFromRegistry: boolean;
  /** The checksum that protects ids against typos, or "none". */
  readonly checksum: string;
}

interface ChainDef extends RegistryChain {
  readonly check: (id: string) => Check<string>;
}

type Def = Omit<ChainDef, 'exampleFromRegistry'> & { exampleFromRegistry?: boolean };

// ---- Cosmos-SDK operator addresses (bech32) ----

const COSMOS: readonly (readonly [slug: string, name: string, prefix: string, example: string])[] = [
  ['agoric', 'Agoric', 'agoricvaloper', 'agoricvaloper1ahd5z754dkgqxuc5fcwd2s5tatmpurhsdeqes2'],
  ['akash', 'Akash', 'akashvaloper', 'akashvaloper1dgxdep80th2qm8xxk8h3j3g93npsd3a8jg60gz'],
  ['axelar', 'Axelar', 'axelarvaloper', 'axelarvaloper19dx6vywgr62jtsxhhlhlgh7ug5vmgjnz6dkeud'],
  ['band', 'Band Protocol', 'bandvaloper', 'bandvaloper1qgvcttnjx3enjqg9pnhclt6d4z7qdknavg4q9c'],
  ['comdex', 'Comdex', 'comdexvaloper', 'comdexvaloper1gfe4f7urf866xte5cpmkgsw7q2u97qj06ldtj3'],
  ['coreum', 'Coreum', 'corevaloper', 'corevaloper1k0rllvenwr02gvm52fh5056g5m3hly2lpf63z5'],
  ['cosmos', 'Cosmos Hub', 'cosmosvaloper', 'cosmosvaloper1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q'],
  ['crescent', 'Crescent', 'crevaloper', 'crevaloper19mt7qa5pralxre8j9v0wae2kvncv8qcghv0chf'],
  ['cryptoorg', 'Crypto.org', 'crocncl', 'crocncl1u5ryf5jwc2jhd9xyvmasfqzacxp03v8dcj8xry'],
  ['fetch', 'Fetch.ai', 'fetchvaloper', 'fetchvaloper1mr8tqsr3cjp4vh30j8h32uluh5nhnjnh8lkef0'],
  ['juno', 'Juno', 'junovaloper', 'junovaloper1la7th9kc3gdltl53cedxxqpkyk5runudrzwx55'],
  ['kava', 'Kava', 'kavavaloper', 'kavavaloper13rzkukgxsae26tn2h6vuhlrdxap6rzrc29uhmq'],
  ['kujira', 'Kujira', 'kujiravaloper', 'kujiravaloper1esj2mkumg8q9l7wunkqzu85jvz7zrrcykeeka7'],
  ['mars', 'Mars', 'marsvaloper', 'marsvaloper1e36a686lnwutfuu2mlk4eusjqq3sd78zhykrfh'],
  ['nativecanto', 'Canto', 'cantovaloper', 'cantovaloper1ctc7cuvzkwhdnfg87u0fp8746cg5d95zyjcr9u'],
  ['nativeevmos', 'Evmos', 'evmosvaloper', 'evmosvaloper1mx9nqk5agvlsvt2yc8259nwztmxq7zjqep5khu'],
  ['nativeinjective', 'Injective', 'injvaloper', 'injvaloper1dyntafvjynns5zyltwgyktej0y5zt84y3npkt4'],
  ['osmosis', 'Osmosis', 'osmovaloper', 'osmovaloper1cyw4vw20el8e7ez8080md0r8psg25n0cq98a9n'],
  ['persistence', 'Persistence', 'persistencevaloper', 'persistencevaloper1r7gdc8ag4ktmrvhed2xp09n3klrjuznwdzsru2'],
  ['quasar', 'Quasar', 'quasarvaloper', 'quasarvaloper1yhh4r96kvl9tzucq5dn69gu2242hn2d9gsscvw'],
  ['secret', 'Secret Network', 'secretvaloper', 'secretvaloper16w5hlcf389le2n60t32eqf43plp539ged9sruy'],
  ['sei', 'Sei', 'seivaloper', 'seivaloper1zv9z2wqt348dhxqn38xv8dvsu78cle4xs2cdf4'],
  ['sommelier', 'Sommelier', 'sommvaloper', 'sommvaloper1pedd3sk0qhwc3yr6zh036gcwc0d6yhuntw9lcw'],
  ['stargaze', 'Stargaze', 'starsvaloper', 'starsvaloper1mz2qks48v486d9m8wp4l9fxm2e9l0e0kzk79m5'],
  ['stride', 'Stride', 'stridevaloper', 'stridevaloper1dtqsnk3mlqrcxgfvu39lm0jm3pyd0mkrmgkwec'],
  ['teritori', 'Teritori', 'torivaloper', 'torivaloper1xu736l4vt6l2pg9k2yk66fq7zq6y4aj5xmd6vq'],
  ['terra', 'Terra Classic', 'terravaloper', 'terravaloper1ptyzewnns2kn37ewtmv6ppsvhdnmeapvgk6d65'],
  ['terrav2', 'Terra', 'terravaloper', 'terravaloper1yy5379nk24xffpq4egw7ue4ad3j7l79ma2enmz'],
  ['tia', 'Celestia', 'celestiavaloper', 'celestiavaloper1e2p4u5vqwgum7pm9vhp0yjvl58gvhfc6yfatw4'],
  ['umee', 'Umee', 'umeevaloper', 'umeevaloper1gxgsq7jpkg0f8vfkk60c4rd30z4cgs6lyqtglf'],
  ['zetachain', 'ZetaChain', 'zetavaloper', 'zetavaloper1hjct6q7npsspsg3dgvzk3sdf89spmlpf6rc87c'],
];

/** Operator prefix → chain name, to say whose id was pasted ("this is a bandvaloper address"). */
const OPERATOR_PREFIXES = new Map(COSMOS.map(([, name, prefix]) => [prefix, name]));

/** "cosmosvaloper" → "cosmos" (wallets) and "cosmosvalcons" (consensus keys); Crypto.org uses cro/crocnclcons. */
function relatedPrefixes(operator: string): { account: string; consensus: string } {
  if (operator === 'crocncl') return { account: 'cro', consensus: 'crocnclcons' };
  const base = operator.replace(/valoper$/, '');
  return { account: base, consensus: `${base}valcons` };
}

function explainCosmosPrefix(own: string) {
  const { account, consensus } = relatedPrefixes(own);
  return (hrp: string): string | undefined => {
    if (hrp === account) return `this is a wallet address (${hrp}1…), not a validator operator address; `;
    if (hrp === consensus) return `this is a consensus-key address (${hrp}1…), not the operator address; `;
    if (OPERATOR_PREFIXES.has(hrp)) return `this is a ${hrp} address (${OPERATOR_PREFIXES.get(hrp)}); `;
    return undefined;
  };
}

function cosmosChain([slug, name, prefix, exampleId]: (typeof COSMOS)[number]): Def {
  // Juno's registry includes one operator with a 32-byte (module account) address.
  const byteLengths = slug === 'juno' ? [20, 32] : [20];
  const label = `${name} validator ids`;
  return {
    slug,
    name,
    idFormat: `${prefix}1… (bech32, ${byteLengths.map((n) => prefix.length + 1 + bech32DataChars(n) + 6).join(' or ')} characters)`,
    exampleId,
    checksum: 'bech32',
    check: (id) => checkBech32Id(id, { prefix, byteLengths, label, explainPrefix: explainCosmosPrefix(prefix) }),
  };
}

// ---- Every other format ----

function bech32Chain(slug: string, name: string, prefix: string, bytes: number, exampleId: string): Def {
  const label = `${name} validator ids`;
  return {
    slug,
    name,
    idFormat: `${prefix}1… (bech32, ${prefix.length + 1 + bech32DataChars(bytes) + 6} characters)`,
    exampleId,
    checksum: 'bech32',
    check: (id) => checkBech32Id(id, { prefix, byteLengths: [bytes], label }),
  };
}

function evmChain(slug: string, name: string, exampleId: string, variant: 'eip55' | 'wanchain' = 'eip55', exampleFromRegistry = true): Def {
  const checksum = variant === 'eip55' ? 'EIP-55' : 'Wanchain (EIP-55 with the capitals swapped)';
  return {
    slug,
    name,
    idFormat: `0x + 40 hexadecimal characters (${variant === 'eip55' ? 'EIP-55' : 'Wanchain'} checksum capitals)`,
    exampleId,
    exampleFromRegistry,
    checksum,
    check: (id) => checkEvmAddress(id, `${name} validator ids`, variant),
  };
}

function hex64Chain(slug: string, name: string, exampleId: string): Def {
  return {
    slug,
    name,
    idFormat: '0x + 64 hexadecimal characters',
    exampleId,
    checksum: 'none',
    check: (id) => checkHexId(id, { prefix: '0x', digits: 64, label: `${name} validator ids` }),
  };
}

const OTHERS: readonly Def[] = [
  hex64Chain('aptos', 'Aptos', '0x8f396e4246b2ba87b51c0739ef5ea4f26515a98375308c31ac2ec1e42142a57f'),
  bech32Chain('binance', 'BNB Beacon Chain', 'bva', 20, 'bva16kujlngdxq4pvyf87gpzx2x7ya4lgsz96j0aqt'),
  bech32Chain('cardano', 'Cardano', 'pool', 28, 'pool1vx9tzlkgafernd9vpjpxkenutx2gncj4yn88fpq69823qlwcqrt'),
  bech32Chain('elrond', 'MultiversX', 'erd', 32, 'erd1qqqqqqqqqqqqqqqpqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqhllllsajxzat'),
  evmChain('ethereum', 'Ethereum', '0x2401c39d7ba9E283668a53fcC7B8F5FD9e716fdf'),
  bech32Chain('harmony', 'Harmony', 'one', 20, 'one1pdv9lrdwl0rg5vglh4xtyrv3wjk3wsqket7zxy'),
  {
    slug: 'iotex',
    name: 'IoTeX',
    idFormat: 'delegate name: 1 to 12 letters a-z and digits (older names may end in #)',
    exampleId: 'longz',
    checksum: 'none',
    check: (id) => checkIotexDelegate(id, 'IoTeX validator ids'),
  },
  bech32Chain('iris', 'IRISnet', 'iva', 20, 'iva1d3z30ndxuqas8vr3mrc7028ykvfaukal0tnj0p'),
  {
    slug: 'kusama',
    name: 'Kusama',
    idFormat: 'SS58 address of network 2, starting with a capital C to J (47 characters)',
    exampleId: 'DteShXKaQQy2un2VizKwwhViN5e7F47UrkAZDkxgK22LdBv',
    checksum: 'SS58 (blake2b)',
    check: (id) => checkSs58(id, 2, 'Kusama validator ids'),
  },
  {
    slug: 'loom',
    name: 'Loom',
    idFormat: 'loom + 40 hexadecimal characters',
    exampleId: 'loome3beb36ae8edb5dbb5c2cfba9960f0819dd8e13a',
    checksum: 'none',
    check: (id) => checkHexId(id, { prefix: 'loom', digits: 40, label: 'Loom validator ids' }),
  },
  {
    slug: 'near',
    name: 'NEAR',
    idFormat: '<name>.poolv1.near (staking pool account)',
    exampleId: 'trust-nodes.poolv1.near',
    checksum: 'none',
    check: (id) => checkNearAccount(id, 'NEAR validator ids', '.poolv1.near'),
  },
  {
    // The registry list is empty; Ontology consensus nodes are identified by their compressed public key.
    slug: 'ontology',
    name: 'Ontology',
    idFormat: 'node public key: 66 hexadecimal characters starting with 02 or 03',
    exampleId: '036b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296',
    exampleFromRegistry: false,
    checksum: 'none',
    check: (id) => checkHexId(id, { prefix: '', digits: 66, label: 'Ontology validator ids', leading: ['02', '03'] }),
  },
  {
    slug: 'polkadot',
    name: 'Polkadot',
    idFormat: 'SS58 address of network 0, starting with 1 (47 or 48 characters)',
    exampleId: '1hJdgnAPSjfuHZFHzcorPnFvekSHihK9jdNPWHXgeuL7zaJ',
    checksum: 'SS58 (blake2b)',
    check: (id) => checkSs58(id, 0, 'Polkadot validator ids'),
  },
  evmChain('smartchain', 'BNB Smart Chain', '0x773760b0708a5Cc369c346993a0c225D8e4043B1'),
  {
    slug: 'solana',
    name: 'Solana',
    idFormat: 'base58 public key (32 bytes, 43 or 44 characters)',
    exampleId: 'FiijvR2ibXEHaFqB127CxrL3vSj19K2Kx1jf2RbK4BWS',
    checksum: 'none',
    check: (id) => checkBase58Key(id, 'Solana validator ids'),
  },
  hex64Chain('sui', 'Sui', '0x61953ea72709eed72f4441dd944eec49a11b4acabfc8e04015e89c63be81b6ab'),
  {
    slug: 'tezos',
    name: 'Tezos',
    idFormat: 'tz1…, tz2… or tz3… (base58check, 36 characters)',
    exampleId: 'tz1NMNQYrYrfNpmUqQrMhJypf6ovnaDZhJHM',
    checksum: 'base58check',
    // Bakers are implicit accounts; KT1 contracts and tz4 (BLS) keys cannot bake.
    check: (id) => checkTezosAddress(id, 'Tezos ids', ['tz1', 'tz2', 'tz3']),
  },
  {
    slug: 'tron',
    name: 'Tron',
    idFormat: 'T… (base58check, 34 characters)',
    exampleId: 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH',
    checksum: 'base58check',
    check: (id) => checkTronAddress(id, 'Tron validator ids'),
  },
  evmChain('vechain', 'VeChain', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'eip55', false),
  evmChain('wanchain', 'Wanchain', '0xb5c930beA4383CE7377C8e83c8C8a0eFB505dBe8', 'wanchain'),
  {
    slug: 'waves',
    name: 'Waves',
    idFormat: '3P… (35 characters, Waves checksum)',
    exampleId: '3P9DEDP5VbyXQyKtXDUt2crRPn5B7gs6ujc',
    checksum: 'Waves (keccak-256 of blake2b-256)',
    check: (id) => checkWavesAddress(id, 'Waves validator ids'),
  },
];

const DEFS: readonly ChainDef[] = [...COSMOS.map(cosmosChain), ...OTHERS]
  .map((d): ChainDef => Object.freeze({ ...d, exampleFromRegistry: d.exampleFromRegistry ?? true }))
  .sort((a, b) => a.slug.localeCompare(b.slug));

const BY_SLUG = new Map(DEFS.map((d) => [d.slug, d]));

/** All 52 registry chains, sorted by slug. */
export const REGISTRY_CHAINS: readonly RegistryChain[] = Object.freeze(
  DEFS.map(({ slug, name, idFormat, exampleId, exampleFromRegistry, checksum }) =>
    Object.freeze({ slug, name, idFormat, exampleId, exampleFromRegistry, checksum }),
  ),
);

const PUBLIC_BY_SLUG = new Map(REGISTRY_CHAINS.map((c) => [c.slug, c]));

export function getRegistryChain(slug: string): RegistryChain | undefined {
  return PUBLIC_BY_SLUG.get(slug);
}

// Names people use for chains whose folder is named differently.
const SLUG_HINTS: Readonly<Record<string, string>> = {
  bsc: 'smartchain',
  bnb: 'smartchain',
  'bnb smart chain': 'smartchain',
  eth: 'ethereum',
  atom: 'cosmos',
  dot: 'polkadot',
  ksm: 'kusama',
  sol: 'solana',
  xtz: 'tezos',
  trx: 'tron',
  celestia: 'tia',
  evmos: 'nativeevmos',
  injective: 'nativeinjective',
  canto: 'nativecanto',
  multiversx: 'elrond',
  egld: 'elrond',
  'crypto.org': 'cryptoorg',
  cro: 'cryptoorg',
  terra2: 'terrav2',
  lunc: 'terra',
  luna: 'terrav2',
  'fetch.ai': 'fetch',
  irisnet: 'iris',
  ada: 'cardano',
  one: 'harmony',
  'bnb beacon chain': 'binance',
  vet: 'vechain',
  wan: 'wanchain',
  ont: 'ontology',
};

/** Suggests the folder name for a mistyped or common chain name, if there is an obvious one. */
export function suggestChainSlug(input: string): string | undefined {
  const key = input.trim().toLowerCase();
  if (BY_SLUG.has(key)) return key;
  if (SLUG_HINTS[key]) return SLUG_HINTS[key];
  return DEFS.find((d) => d.name.toLowerCase() === key)?.slug;
}

/** Checks a validator id for a registry chain. The value is the normalised id (e.g. bech32 in lower case, EVM in checksum case). */
export function checkValidatorId(chainSlug: string, id: string): Check<string> {
  const def = typeof chainSlug === 'string' ? BY_SLUG.get(chainSlug) : undefined;
  if (!def) {
    const hint = typeof chainSlug === 'string' ? suggestChainSlug(chainSlug) : undefined;
    return fail(
      'unknown-chain',
      `"${String(chainSlug).slice(0, 40)}" is not one of the ${DEFS.length} registry chains${hint ? ` — did you mean "${hint}"?` : ' — use the chain folder name, e.g. cosmos, tezos or smartchain'}`,
    );
  }
  const text = checkPlainText(id, 'the id');
  const result = text.ok ? def.check(text.value) : text;
  if (!result.ok) return result;
  // The id becomes the folder assets/<id>/: a chain's format may allow a name no folder can have (IoTeX's "con").
  const problem = folderNameProblem(result.value);
  return problem ? fail('not-portable', `the id ${problem}; it becomes a folder name in the registry, so it cannot be used`) : result;
}
