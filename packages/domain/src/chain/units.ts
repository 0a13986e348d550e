/**
 * A coin's amounts in its two units, in one place (issue 44): the chain's (`decimals` places: 18 for
 * ETH's wei, 6 for USDT, 8 for a Bitcoin-family coin's satoshis) and the ledger's minor units (`scale`
 * places, the asset's). Family-neutral: every chain family counts a coin in integer units of some
 * number of places. The ledger never holds more than arrived nor claims more than the chain holds, so
 * each conversion says which way it rounds.
 */

import { divide, pow10 } from '../money';

/**
 * Chain units in one ledger minor unit: the finest step the ledger can show of the coin (1 when the
 * ledger keeps as many places as the chain or more). What the chain holds below it is dust to the ledger.
 */
export function chainUnitsPerMinor(decimals: number, scale: number): bigint {
  return pow10(Math.max(decimals - scale, 0));
}

/**
 * An on-chain amount in the ledger's minor units. A finer amount than the ledger keeps is cut down,
 * never rounded up: the house keeps the dust, the customer is never credited more than arrived.
 */
export function chainAmountToMinor(raw: bigint, decimals: number, scale: number): bigint {
  if (raw < 0n) throw new Error('a chain amount is never negative');
  return decimals >= scale ? raw / pow10(decimals - scale) : raw * pow10(scale - decimals);
}

/**
 * A fee the chain took, in the ledger's minor units of its native coin, rounded up: booked against
 * custody, custody then never claims more than the chain holds (the reconciliation sets the rounding
 * aside as dust).
 */
export function chainFeeToMinor(raw: bigint, decimals: number, scale: number): bigint {
  if (raw < 0n) throw new Error('a chain amount is never negative');
  return decimals >= scale
    ? divide(raw, chainUnitsPerMinor(decimals, scale), 'up')
    : raw * pow10(scale - decimals);
}

/**
 * A coin's amount in the ledger's minor units on the chain, the inverse of chainAmountToMinor. A finer
 * amount than the chain keeps is cut down (the house keeps the dust); withdrawal amounts are refused
 * finer than min(scale, decimals), so none is cut in practice.
 */
export function minorToChainAmount(minor: bigint, decimals: number, scale: number): bigint {
  if (minor < 0n) throw new Error('a chain amount is never negative');
  return decimals >= scale ? minor * pow10(decimals - scale) : minor / pow10(scale - decimals);
}

/**
 * The factors that bring a chain amount and a ledger amount to the finer of their two units, where
 * they compare exactly: `chain * chainUp` and `minor * ledgerUp` are in the same unit.
 */
export function finerUnit(decimals: number, scale: number): { chainUp: bigint; ledgerUp: bigint } {
  const common = Math.max(decimals, scale);
  return { chainUp: pow10(common - decimals), ledgerUp: pow10(common - scale) };
}
