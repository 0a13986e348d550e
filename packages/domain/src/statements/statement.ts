import { ok, type Result, reject } from '../result';

/** One movement of an asset on a statement: the signed change of the user's balance, in minor units. */
export interface StatementMovement {
  readonly amount: bigint;
}

/** The totals of one asset's statement, as the server read them from the ledger. */
export interface StatementAssetTotals {
  readonly asset: string;
  /** The balance at the range's start, read from the postings before it. */
  readonly opening: bigint;
  /** The sum of the movements listed in the range. */
  readonly movementsTotal: bigint;
  /** The balance at the range's end, read from the postings up to it independently of the movements. */
  readonly closing: bigint;
}

/**
 * The running balance after each movement, from `opening`: what a statement's balance column shows.
 * The last value (or `opening` with no movement) is what the closing balance must be.
 */
export function runningBalances(opening: bigint, movements: readonly StatementMovement[]): bigint[] {
  let balance = opening;
  return movements.map((movement) => {
    balance += movement.amount;
    return balance;
  });
}

/**
 * Whether one asset's statement adds up: opening + movements = closing. The closing balance is read
 * apart from the movements, so a movement left out of (or listed twice on) the statement shows here
 * as `statement_unbalanced`, with the asset and both figures in minor units.
 */
export function checkStatementAsset(totals: StatementAssetTotals): Result<true, 'statement_unbalanced'> {
  const expected = totals.opening + totals.movementsTotal;
  if (expected === totals.closing) return ok(true);
  return reject('statement_unbalanced', {
    asset: totals.asset,
    expected: expected.toString(),
    closing: totals.closing.toString(),
  });
}

/** Every asset of a statement checked; the first asset that does not add up is the answer. */
export function checkStatement(
  assets: readonly StatementAssetTotals[],
): Result<true, 'statement_unbalanced'> {
  for (const totals of assets) {
    const checked = checkStatementAsset(totals);
    if (!checked.ok) return checked;
  }
  return ok(true);
}

/** The longest range one statement covers, in days (a tax year, leap day included). */
export const STATEMENT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A statement's range as instants: from `from`'s 00:00 UTC up to (not including) the day after `to`. */
export interface StatementRange {
  readonly fromMs: number;
  readonly toExclusiveMs: number;
}

export type StatementRangeRejection =
  | 'statement_date_invalid'
  | 'statement_range_reversed'
  | 'statement_range_too_long'
  | 'statement_range_future';

function dayStartMs(text: string): number | null {
  if (!ISO_DATE.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March; a date that does not print back as given is refused.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return null;
  return ms;
}

/**
 * A statement's dates (YYYY-MM-DD, UTC days, both included) checked in this order: each is a real
 * date, `from` is not after `to`, the range is at most STATEMENT_MAX_DAYS days, and `to` is not after
 * today (`nowMs`'s UTC day): a balance in the future is not known yet.
 */
export function statementRange(
  from: string,
  to: string,
  nowMs: number,
): Result<StatementRange, StatementRangeRejection> {
  const fromMs = dayStartMs(from);
  const toMs = dayStartMs(to);
  if (fromMs === null || toMs === null) return reject('statement_date_invalid');
  if (fromMs > toMs) return reject('statement_range_reversed');
  if ((toMs - fromMs) / DAY_MS + 1 > STATEMENT_MAX_DAYS) return reject('statement_range_too_long');
  if (toMs > Math.floor(nowMs / DAY_MS) * DAY_MS) return reject('statement_range_future');
  return ok({ fromMs, toExclusiveMs: toMs + DAY_MS });
}
