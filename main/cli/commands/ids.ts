import { defineCommand, UsageError, type CliIo, type Command } from '../command';
import {
  COINS,
  REGISTRY_CHAINS,
  checkAddress,
  checkValidatorId,
  formatAssetId,
  getCoin,
  parseAssetId,
  suggestChainSlug,
  type Check,
} from '../../../domain/index';

/** One element of the `--json` output. */
export interface IdCheckResult {
  input: string;
  ok: boolean;
  normalized?: string;
  message?: string;
}

function wrap(words: readonly string[], indent = '  ', width = 96): string {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + w.length + 2 > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line}, ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.map((l) => indent + l).join(',\n');
}

/** Shows an input on one line: escapes control and invisible characters, shortens very long ones. */
function displayInput(input: string): string {
  const escaped = input.replace(
    /[\p{Cc}\u00a0\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/gu,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > 80 ? `${escaped.slice(0, 60)}… (${input.length} characters)` : escaped;
}

function toResult(input: string, check: Check<string>): IdCheckResult {
  return check.ok ? { input, ok: true, normalized: check.value } : { input, ok: false, message: check.message };
}

function report(results: readonly IdCheckResult[], json: boolean, io: CliIo): number {
  if (json) {
    io.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  } else {
    for (const r of results) {
      const shown = displayInput(r.input);
      if (r.ok) io.stdout.write(`valid    ${shown}${r.normalized !== r.input ? `  (normalised: ${r.normalized})` : ''}\n`);
      else io.stdout.write(`invalid  ${shown}: ${r.message}\n`);
    }
  }
  return results.every((r) => r.ok) ? 0 : 1;
}

/** The ids (or addresses) to check; `value` is the required --chain or --asset. */
function inputsOf(value: string | undefined, option: 'chain' | 'asset', positionals: string[]): { value: string; inputs: string[] } {
  if (value === undefined || value === '') throw new UsageError(`--${option} is required.`);
  if (positionals.length === 0) throw new UsageError(`give at least one ${option === 'chain' ? 'id' : 'address'} to check.`);
  return { value, inputs: positionals };
}

const JSON_OPTION = { type: 'boolean', description: 'Print JSON instead of text' } as const;

export const idCheckCommand = defineCommand({
  path: ['id', 'check'],
  summary: 'Check validator ids for a registry chain (format and checksum)',
  usage: 'companion id check --chain <slug> [--json] <id>...',
  about: `Checks each validator id against the chain's id format, including its checksum
(bech32, base58check, EIP-55, SS58, Waves) where the format has one. Prints one line
per id, or with --json an array of {input, ok, normalized?, message?}.
Exit code: 0 if all ids are valid, 1 if any is invalid, 2 for bad usage.
Put -- before ids that start with "-".`,
  options: {
    chain: { type: 'string', value: '<slug>', description: 'Registry chain folder name, e.g. cosmos, tezos, smartchain' },
    json: JSON_OPTION,
  },
  positionals: true,
  more: `Chains:
${wrap(REGISTRY_CHAINS.map((c) => c.slug))}`,
  async run({ values, positionals }, io) {
    const { value: slug, inputs } = inputsOf(values.chain, 'chain', positionals);
    if (!REGISTRY_CHAINS.some((c) => c.slug === slug)) {
      const hint = suggestChainSlug(slug);
      throw new UsageError(
        `"${slug}" is not a registry chain${hint ? ` — did you mean "${hint}"?` : ' — the chains are listed in the help.'}`,
      );
    }
    return report(
      inputs.map((id) => toResult(id, checkValidatorId(slug, id))),
      values.json === true,
      io,
    );
  },
});

export const addressCheckCommand = defineCommand({
  path: ['address', 'check'],
  summary: 'Check wallet addresses for a gateway chain (format and checksum)',
  usage: 'companion address check --asset <assetId> [--json] <address>...',
  about: `Checks each wallet address for the chain of the asset id (c60 for Ethereum, c0 for
Bitcoin; a token id such as c60_t0x… means its chain), including the checksum where the
format has one. Prints one line per address, or with --json an array of
{input, ok, normalized?, message?}.
Exit code: 0 if all addresses are valid, 1 if any is invalid, 2 for bad usage.
Put -- before addresses that start with "-" (TON raw addresses such as -1:…).`,
  options: {
    asset: { type: 'string', value: '<assetId>', description: 'The chain as an asset id, e.g. c60, c501, c20000714 (alias of c714)' },
    json: JSON_OPTION,
  },
  positionals: true,
  more: `Coins:
${wrap(COINS.map((c) => `c${c.id} ${c.name}`))}`,
  async run({ values, positionals }, io) {
    const { value: assetText, inputs } = inputsOf(values.asset, 'asset', positionals);
    const asset = parseAssetId(assetText);
    if (!asset.ok) throw new UsageError(`--asset ${assetText}: ${asset.message}`);
    const coin = getCoin(asset.value.coin);
    if (!coin) throw new UsageError(`--asset ${formatAssetId(asset.value)} is not a gateway coin.`);
    return report(
      inputs.map((a) => toResult(a, checkAddress(coin.id, a))),
      values.json === true,
      io,
    );
  },
});

export const idCommands: readonly Command[] = [idCheckCommand, addressCheckCommand];
