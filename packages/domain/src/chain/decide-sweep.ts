/**
 * Whether and how to sweep one coin of a deposit address into the chain's hot wallet (issue 37), in
 * the chain's units (wei, or the token's smallest unit). The gas is reserved at twice the fee the chain
 * asks now, so a fee that rises before the sender signs still fits; what is left of the reserve stays
 * at the address (and counts among the product's holdings there).
 */
export const SWEEP_FEE_MARGIN = 2n;

export interface SweepInputs {
  /** A token (ERC-20) sweep, whose gas the address pays in the native coin; else the native coin itself. */
  readonly token: boolean;
  /** What the address holds of the coin being swept. */
  readonly balance: bigint;
  /** Below this the sweep is not worth its gas: the coins wait for the next deposit. */
  readonly threshold: bigint;
  /** Gas the sweep transaction needs (21,000 for a native transfer, the estimate for a token's). */
  readonly gasLimit: bigint;
  /** The chain's current maximum fee per gas, in wei. */
  readonly maxFeePerGas: bigint;
  /** The address's native balance (for a token sweep: what pays its gas). */
  readonly nativeBalance: bigint;
}

export type SweepDecision =
  | { readonly kind: 'skip'; readonly reason: 'below_threshold' | 'not_worth_gas' }
  | { readonly kind: 'native'; readonly value: bigint }
  | { readonly kind: 'token'; readonly amount: bigint; readonly gasTopUp: bigint };

export function sweepGasReserve(gasLimit: bigint, maxFeePerGas: bigint): bigint {
  return gasLimit * maxFeePerGas * SWEEP_FEE_MARGIN;
}

export function decideSweep(input: SweepInputs): SweepDecision {
  if (input.balance <= 0n || input.balance < input.threshold)
    return { kind: 'skip', reason: 'below_threshold' };
  const reserve = sweepGasReserve(input.gasLimit, input.maxFeePerGas);
  if (!input.token) {
    const value = input.balance - reserve;
    // Half the coins or more going to gas is not a sweep worth making.
    if (value <= reserve) return { kind: 'skip', reason: 'not_worth_gas' };
    return { kind: 'native', value };
  }
  const gasTopUp = input.nativeBalance >= reserve ? 0n : reserve - input.nativeBalance;
  return { kind: 'token', amount: input.balance, gasTopUp };
}
