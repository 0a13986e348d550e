import { type AssetCode, getAsset, parseDecimal } from '@exchange/domain';
import { z } from 'zod';

/**
 * The withdrawal minimum and flat fee of the coins of BNB Smart Chain and Polygon and the stablecoins
 * beside USDT (issue 47): BNB, MATIC, USDC and BUSD. Spread into withdrawal-config.ts's settings, so
 * they are parsed, documented and read with ETH's and USDT's. A coin's minimum and fee are the same on
 * every network it leaves on; the fee covers the network fee the hot wallet pays there.
 */
const coin = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,18}(\.\d{1,18})?$/, 'a coin amount such as 0.01')
    .default(fallback);

export const evmCoinWithdrawalEnv = {
  WITHDRAWAL_BNB_MINIMUM: coin('0.05'),
  WITHDRAWAL_BNB_FEE: coin('0.001'),
  WITHDRAWAL_MATIC_MINIMUM: coin('10'),
  WITHDRAWAL_MATIC_FEE: coin('0.1'),
  WITHDRAWAL_USDC_MINIMUM: coin('10'),
  WITHDRAWAL_USDC_FEE: coin('2'),
  WITHDRAWAL_BUSD_MINIMUM: coin('10'),
  WITHDRAWAL_BUSD_FEE: coin('1'),
};

export const evmCoinWithdrawalSettingDocs: Record<keyof typeof evmCoinWithdrawalEnv, string> = {
  WITHDRAWAL_BNB_MINIMUM: 'The smallest BNB withdrawal (BNB Smart Chain).',
  WITHDRAWAL_BNB_FEE:
    'The flat fee of a BNB withdrawal, taken from the amount; it covers the network fee the hot wallet pays.',
  WITHDRAWAL_MATIC_MINIMUM: 'The smallest MATIC withdrawal (Polygon).',
  WITHDRAWAL_MATIC_FEE:
    'The flat fee of a MATIC withdrawal, taken from the amount; it covers the network fee the hot wallet pays.',
  WITHDRAWAL_USDC_MINIMUM: 'The smallest USDC withdrawal, on any network.',
  WITHDRAWAL_USDC_FEE:
    "The flat fee of a USDC withdrawal, taken from the amount; it covers the network fee the hot wallet pays in the network's native coin.",
  WITHDRAWAL_BUSD_MINIMUM: 'The smallest BUSD withdrawal, on any network.',
  WITHDRAWAL_BUSD_FEE:
    "The flat fee of a BUSD withdrawal, taken from the amount; it covers the network fee the hot wallet pays in the network's native coin.",
};

type EvmCoinWithdrawalEnv = { [K in keyof typeof evmCoinWithdrawalEnv]: string };

const ASSETS = ['BNB', 'MATIC', 'USDC', 'BUSD'] as const satisfies readonly AssetCode[];

/** The four coins' minimum and fee in their minor units; more places than the ledger keeps stop the start. */
export function evmCoinWithdrawals(
  env: EvmCoinWithdrawalEnv,
): Record<string, { readonly minimum: bigint; readonly fee: bigint }> {
  const minor = (asset: AssetCode, name: keyof EvmCoinWithdrawalEnv) => {
    const amount = parseDecimal(env[name], getAsset(asset).scale);
    if (amount === null) throw new Error(`${name}: ${env[name]} has more decimals than ${asset} keeps`);
    return amount;
  };
  return Object.fromEntries(
    ASSETS.map((asset) => [
      asset,
      {
        minimum: minor(asset, `WITHDRAWAL_${asset}_MINIMUM`),
        fee: minor(asset, `WITHDRAWAL_${asset}_FEE`),
      },
    ]),
  );
}
