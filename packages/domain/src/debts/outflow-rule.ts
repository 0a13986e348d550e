import type { Minor } from '../money';
import { ok, type Result, reject } from '../result';
import { DAY_MS } from '../time';

/**
 * The ways value can move out of a user's reach. P2P sends and withdrawals leave the exchange (the
 * value ends up with someone the provider cannot claw back from); swaps and sells turn it into another
 * asset that could then leave. Buying is none of these: it stays allowed, so a restricted user can
 * still put new USD to use and the debt can be collected from a later deposit.
 */
export type OutflowKind = 'p2p_send' | 'swap' | 'sell' | 'withdrawal';

/** The kinds that take value off the exchange, which the deposit hold period applies to. */
const LEAVES_EXCHANGE: ReadonlySet<OutflowKind> = new Set(['p2p_send', 'withdrawal']);

export type OutflowRejection = 'debt_open' | 'deposit_on_hold';

/** A deposit as the hold period sees it: what it credited, what was taken back since, and when. */
export interface CreditedDeposit {
  /** Cents credited. */
  readonly amount: Minor;
  /** Cents the provider has taken back already (refunds, chargebacks). */
  readonly reversedAmount: Minor;
  readonly creditedAt: Date;
}

/**
 * The earliest credit time still inside the hold window, or null when the hold is off (0 days): a
 * deposit credited after this instant may still be reversed by the provider.
 */
export function depositHoldStart(now: Date, holdDays: number): Date | null {
  if (holdDays <= 0) return null;
  return new Date(now.getTime() - holdDays * DAY_MS);
}

/**
 * Cents of deposits still inside the hold window at `now`: each deposit credited after
 * `depositHoldStart` counts with what the provider has not taken back yet. 0 when the hold is off.
 */
export function heldDepositCents(deposits: readonly CreditedDeposit[], now: Date, holdDays: number): Minor {
  const start = depositHoldStart(now, holdDays);
  if (start === null) return 0n;
  let held = 0n;
  for (const deposit of deposits) {
    if (deposit.creditedAt.getTime() <= start.getTime()) continue;
    const left = deposit.amount - deposit.reversedAmount;
    if (left > 0n) held += left;
  }
  return held;
}

export interface OutflowInput {
  readonly kind: OutflowKind;
  /** How many OPEN debts the user has (user_debts). */
  readonly openDebts: number;
  /**
   * With the hold period on, for a kind that leaves the exchange: the USD value (cents) of deposits
   * still in their window, of everything the user holds (available and locked), and of what would leave.
   */
  readonly hold?: {
    readonly heldCents: Minor;
    readonly walletValueCents: Minor;
    readonly outCents: Minor;
  };
}

/**
 * May this user move value out? Checked in this order: any open debt refuses every kind of outflow
 * ('debt_open', whatever the amount: the debt is settled first); then, for a move that leaves the
 * exchange with the hold on, the value leaving may not eat into the value of deposits still inside
 * their hold window: `outCents <= walletValueCents - heldCents`, else 'deposit_on_hold' with the
 * value that may leave now (`free`, cents, never below 0). Value is fungible, so the rule bounds what
 * leaves by what stays, not by which coins a deposit bought: a user whose holdings dropped below the
 * held amount cannot send anything until the window ends, the safe side for a reversible deposit.
 */
export function checkOutflow(input: OutflowInput): Result<void, OutflowRejection> {
  if (input.openDebts > 0) return reject('debt_open');
  const hold = input.hold;
  if (hold && LEAVES_EXCHANGE.has(input.kind) && hold.heldCents > 0n) {
    const free = hold.walletValueCents - hold.heldCents;
    if (hold.outCents > free) return reject('deposit_on_hold', { free: (free > 0n ? free : 0n).toString() });
  }
  return ok(undefined);
}

/** Whether a kind of outflow takes value off the exchange (so the hold period applies to it). */
export function leavesExchange(kind: OutflowKind): boolean {
  return LEAVES_EXCHANGE.has(kind);
}
