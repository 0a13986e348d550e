import {
  CHAIN_DEPOSIT_EVENT,
  type ChainDeposit,
  type ChainDepositsResponse,
  chainDepositSchema,
} from '@exchange/contracts';

/**
 * The deposit a frame of the private 'user' channel carries when it is a `chain_deposit` event
 * (`{ type: 'chain_deposit', deposit }`; a deposit sent flat beside its type is read too), else null.
 */
export function readChainDepositEvent(data: unknown): ChainDeposit | null {
  if (typeof data !== 'object' || data === null) return null;
  const frame = data as { readonly type?: unknown; readonly deposit?: unknown };
  if (frame.type !== CHAIN_DEPOSIT_EVENT) return null;
  const parsed = chainDepositSchema.safeParse(frame.deposit ?? data);
  return parsed.success ? parsed.data : null;
}

/**
 * A cached page of deposits with `deposit`'s row replaced by the newer one (confirmations counting up,
 * then CREDITED), and whether the page held it. A page without it comes back unchanged, as is.
 */
export function withDeposit(
  response: ChainDepositsResponse | undefined,
  deposit: ChainDeposit,
): { response: ChainDepositsResponse | undefined; held: boolean } {
  const rows = response?.data.content;
  if (!response || !rows?.some((row) => row._id === deposit._id)) return { response, held: false };
  return {
    held: true,
    response: {
      ...response,
      data: { ...response.data, content: rows.map((row) => (row._id === deposit._id ? deposit : row)) },
    },
  };
}
