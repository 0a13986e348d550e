import { formatMessage, messages as m } from '@exchange/contracts';
import { checkAddressUsable, checkWithdrawalDestination, type Rejected } from '@exchange/domain';
import type { AppContext } from '../../../platform/app-context';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import type { DbOrTx } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import {
  findWithdrawalAddress,
  isDepositAddress,
  usedAddressBefore,
} from '../address-book/withdrawal-addresses.repository';

/** What coin withdrawals need of the chain sender: the hot wallet of a chain (null when none signs). */
export interface HotWallets {
  hotWalletAddress(chain: string): string | null;
}

function when(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** The API's answer to a refused address, with the catalogue's message. */
export function addressRuleError(
  rejected: Rejected<
    | 'address_required'
    | 'address_invalid'
    | 'address_checksum'
    | 'address_zero'
    | 'address_own'
    | 'address_cooling_down'
  >,
): AppError {
  switch (rejected.code) {
    case 'address_required':
      return new AppError('validation_failed', m.withdrawalAddressRequired);
    case 'address_invalid':
      return new AppError('validation_failed', m.withdrawalAddressInvalid);
    case 'address_checksum':
      return new AppError('validation_failed', m.withdrawalAddressChecksum);
    case 'address_zero':
      return new AppError('unprocessable', m.withdrawalAddressZero);
    case 'address_own':
      return new AppError('unprocessable', m.withdrawalAddressOwn);
    case 'address_cooling_down':
      return new AppError(
        'unprocessable',
        formatMessage(m.withdrawalAddressCoolingDown, { until: when(rejected.params?.until ?? '') }),
      );
  }
}

/** A chain as the address rule needs it: its key, family and (Bitcoin family) bech32 part. */
export type DestinationChain = string | Pick<ChainSettings, 'key' | 'family' | 'bitcoin'>;

/**
 * A typed destination on a chain, checked: the chain family's rule (EIP-55, or bech32 under the
 * chain's own prefix on a Bitcoin-family chain) and the zero address (domain), then none of the
 * exchange's own addresses there (the hot wallet, any deposit address). Answers it checksummed.
 */
export async function checkCoinDestination(
  db: DbOrTx,
  wallets: HotWallets,
  on: DestinationChain,
  text: string,
): Promise<string> {
  const chain = typeof on === 'string' ? on : on.key;
  const family = typeof on === 'string' ? 'evm' : (on.family ?? 'evm');
  const prefix = typeof on === 'string' ? undefined : on.bitcoin?.networkPrefix;
  const hot = wallets.hotWalletAddress(chain);
  const checked = checkWithdrawalDestination(text, hot ? [hot] : [], family, prefix);
  if (!checked.ok && checked.code === 'address_invalid' && prefix && typeof on !== 'string')
    throw new AppError('validation_failed', formatMessage(m.withdrawalAddressInvalidSegwit, { prefix }));
  if (!checked.ok) throw addressRuleError(checked);
  if (await isDepositAddress(db, chain, checked.value))
    throw addressRuleError({ ok: false, code: 'address_own' });
  return checked.value;
}

/** Where a coin withdrawal goes, and whether the customer never sent coins there before. */
export interface CoinDestination {
  readonly address: string;
  readonly addressId: string | null;
  readonly label: string | null;
  readonly newAddress: boolean;
}

/**
 * The destination of a coin withdrawal: an address-book entry of the customer on this chain, past its
 * cool-down ('address_cooling_down' with its time); or a typed address (checkCoinDestination) that
 * raises the new-address flag when the customer's coins never went there (so an admin looks at it).
 */
export async function resolveCoinDestination(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  wallets: HotWallets,
  userId: string,
  on: DestinationChain,
  body: { address?: string | undefined; address_id?: string | undefined },
): Promise<CoinDestination> {
  const chain = typeof on === 'string' ? on : on.key;
  if (body.address_id) {
    const entry = await findWithdrawalAddress(ctx.db, userId, body.address_id);
    if (!entry) throw new AppError('not_found', m.withdrawalAddressNotFound);
    if (entry.chain !== chain) throw new AppError('unprocessable', m.withdrawalAddressOtherChain);
    const usable = checkAddressUsable(entry.usableAt, ctx.clock.now());
    if (!usable.ok) throw addressRuleError(usable);
    const address = await checkCoinDestination(ctx.db, wallets, on, entry.address);
    return { address, addressId: entry.id, label: entry.label, newAddress: false };
  }
  const address = await checkCoinDestination(ctx.db, wallets, on, body.address ?? '');
  return {
    address,
    addressId: null,
    label: null,
    newAddress: !(await usedAddressBefore(ctx.db, userId, chain, address)),
  };
}
