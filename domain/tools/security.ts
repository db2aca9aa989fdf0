/** Security: validate_address, check_token_security. */
import { z } from 'zod';
import { assetIdArg } from './args';
import { defineContract } from './contract';

export const validateAddress = defineContract({
  name: 'validate_address',
  title: 'Validate address',
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
});

const riskLevel = z.enum(['low', 'medium', 'high', 'critical', 'unknown']);

export const checkTokenSecurity = defineContract({
  name: 'check_token_security',
  title: 'Token security check',
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
});
