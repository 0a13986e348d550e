import {
  checkStatementAsset,
  formatMinor,
  getAsset,
  isAssetCode,
  type StatementRange,
} from '@exchange/domain';
import type { Tx } from '../../platform/db';
import { balancesBefore, type MovementKey, movementsPage } from './statement.repository';

/** Movements read per query: a year of a busy account is read in pages, never at once. */
export const STATEMENT_PAGE_ROWS = 500;

/** One line of a statement, in order: per asset its opening, its movements, its closing. */
export type StatementLine =
  | { readonly type: 'opening'; readonly asset: string; readonly balance: string }
  | {
      readonly type: 'movement';
      readonly asset: string;
      readonly time: string;
      readonly kind: string;
      readonly reference: string | null;
      readonly amount: string;
      readonly balance: string;
    }
  | { readonly type: 'closing'; readonly asset: string; readonly balance: string };

function scaleOf(asset: string): number {
  return isAssetCode(asset) ? getAsset(asset).scale : 0;
}

async function* movementsOf(
  tx: Tx,
  userId: string,
  range: { from: Date; toExclusive: Date },
  pageRows: number,
) {
  let after: MovementKey | null = null;
  for (;;) {
    const page = await movementsPage(tx, userId, range, after, pageRows);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < pageRows) return;
    after = last;
  }
}

/**
 * The user's account statement for a range, line by line, from the double-entry ledger: per asset
 * (alphabetical) the balance (available + locked) at the range's start, each entry in the range that
 * changed it with the running balance, and the balance at its end. The closing balance is read apart
 * from the movements and the domain's checkStatementAsset must find opening + movements = closing;
 * anything else is a bug (a movement missed or counted twice) and throws. An asset with nothing at
 * either end and no movement is left out. Run it inside one read-only REPEATABLE READ transaction
 * (`tx`), so the three reads see the same ledger.
 */
export async function* statementLines(
  tx: Tx,
  userId: string,
  range: StatementRange,
  pageRows = STATEMENT_PAGE_ROWS,
): AsyncGenerator<StatementLine> {
  const dates = { from: new Date(range.fromMs), toExclusive: new Date(range.toExclusiveMs) };
  const openings = await balancesBefore(tx, userId, dates.from);
  const closings = await balancesBefore(tx, userId, dates.toExclusive);
  const movements = movementsOf(tx, userId, dates, pageRows);
  let next = await movements.next();
  for (const asset of [...closings.keys()].sort()) {
    const scale = scaleOf(asset);
    const opening = openings.get(asset) ?? 0n;
    const closing = closings.get(asset) ?? 0n;
    const moved = !next.done && next.value.asset === asset;
    if (opening === 0n && closing === 0n && !moved) continue;
    yield { type: 'opening', asset, balance: formatMinor(opening, scale) };
    let balance = opening;
    while (!next.done && next.value.asset === asset) {
      const movement = next.value;
      balance += movement.amount;
      yield {
        type: 'movement',
        asset,
        time: movement.time,
        kind: movement.kind,
        reference: movement.reference,
        amount: formatMinor(movement.amount, scale),
        balance: formatMinor(balance, scale),
      };
      next = await movements.next();
    }
    const checked = checkStatementAsset({ asset, opening, movementsTotal: balance - opening, closing });
    if (!checked.ok) throw new Error(`statement does not add up: ${JSON.stringify(checked.params)}`);
    yield { type: 'closing', asset, balance: formatMinor(closing, scale) };
  }
  if (!next.done) throw new Error(`statement movement of an asset with no balance: ${next.value.asset}`);
}
