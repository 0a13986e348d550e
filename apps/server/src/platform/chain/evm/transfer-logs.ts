import { type Address, type Hex, hexToBytes, keccak256, type Log, parseAbiItem, toEventSelector } from 'viem';

/** An ERC-20 Transfer event, the only log a token deposit is read from. */
export const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
export type TransferLog = Log<bigint, number, false, typeof TRANSFER_EVENT>;

export const TRANSFER_TOPIC = toEventSelector(TRANSFER_EVENT);

/** Whether a block's logs bloom may hold a Transfer log of `contract` (false: it certainly does not). */
export function mayHoldTransfer(bloom: Hex | null, contract: Address): boolean {
  if (!bloom) return true;
  const bits = hexToBytes(bloom);
  return [contract, TRANSFER_TOPIC].every((item) => {
    const hash = hexToBytes(keccak256(item));
    return [0, 2, 4].every((i) => {
      const bit = ((hash[i]! << 8) | hash[i + 1]!) & 0x7ff;
      return (bits[bits.length - 1 - (bit >> 3)]! & (1 << (bit & 7))) !== 0;
    });
  });
}
