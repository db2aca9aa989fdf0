import { z } from 'zod';
import { checkAddress, getCoin } from '../../../domain/index';
import { assetIdArg, defineTool, fail, readAssetId } from '../tool-kit';

export const validateAddress = defineTool({
  name: 'validate_address',
  title: 'Validate address',
  group: 'Security',
  description:
    'Check that a wallet address is valid for a chain, including its checksum (EIP-55, base58check, bech32 …). Returns {"status":"ok"} for a valid address; an invalid one is an error saying what is wrong.',
  input: {
    address: z.string().min(1).max(200).describe('The wallet address to check.'),
    asset_id: z
      .string()
      .min(1)
      .max(200)
      .describe('The chain, as an asset id: "c60" for Ethereum, "c0" for Bitcoin, "c501" for Solana (a token id on the chain works too).'),
  },
  output: z.looseObject({ status: z.literal('ok') }),
  call: async (args, ctx) => {
    const chain = readAssetId(args.asset_id, 'asset_id');
    if (!chain.ok) return chain;
    const checked = checkAddress(chain.id.coin, args.address);
    if (!checked.ok)
      return fail('invalid_address', `Not a valid ${getCoin(chain.id.coin)?.name ?? `coin ${chain.id.coin}`} address: ${checked.message}`);
    return ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: '/v1/validate',
      query: { address: args.address, asset_id: `c${chain.id.coin}` },
      signal: ctx.signal,
    });
  },
});

const riskLevel = z.enum(['low', 'medium', 'high', 'critical', 'unknown']);

export const checkTokenSecurity = defineTool({
  name: 'check_token_security',
  title: 'Token security check',
  group: 'Security',
  description:
    'Risk analysis of a token contract: overall risk level, honeypot detection, audit status and auditor, mint function, ownership take-back, trading cooldown, buy/sell taxes and warnings. Solana tokens also report freeze and mint authority. Takes a token asset id (c{coin}_t{contract}), not a native coin.',
  input: { assetId: assetIdArg('The token') },
  output: z.looseObject({
    asset_id: z.string(),
    name: z.string(),
    symbol: z.string(),
    isActive: z.boolean(),
    supportsSwap: z.boolean(),
    securityInfo: z.looseObject({
      riskLevel,
      isHoneypot: z.boolean(),
      hasAudit: z.boolean(),
      auditProvider: z.string().nullable(),
      hasMintFunction: z.boolean(),
      canTakeBackOwnership: z.boolean(),
      isTradingCooldown: z.boolean(),
      warnings: z.array(z.string()),
    }),
    solanaSecurityInfo: z
      .looseObject({
        riskLevel,
        hasFreezeAuthority: z.boolean(),
        hasMintAuthority: z.boolean(),
        isInitialized: z.boolean(),
        warnings: z.array(z.string()),
      })
      .optional(),
  }),
  call: async (args, ctx) => {
    const id = readAssetId(args.assetId, 'assetId');
    if (!id.ok) return id;
    if (id.id.token === undefined) {
      return fail(
        'not_a_token',
        `${id.text} is a native coin; check_token_security needs a token asset id such as c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7 (c{coin}_t{contract}).`,
      );
    }
    return ctx.upstream.call(ctx.credentials, { method: 'GET', path: `/v2/coinstatus/${encodeURIComponent(id.text)}`, signal: ctx.signal });
  },
});
