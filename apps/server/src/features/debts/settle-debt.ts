import type { AdminSettleDebtRequest, DebtItem } from '@exchange/contracts';
import { debtSettlementPostings, decideDebtSettlement, userAccount } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { recordAdminAction } from '../audit/record-admin-action';
import { lockBalance } from '../ledger/ledger.repository';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import { toDebtItem } from './debt-views';
import { findDebtListRow, lockDebt, markDebtSettled } from './debts.repository';

type SettleRequest = Required<Pick<AdminSettleDebtRequest, 'debtId' | 'method'>> & { readonly note: string };

/**
 * An admin settles one debt, whole. Load and lock: the debt's row, then (to collect) the user's
 * available USD. Decide (`decideDebtSettlement`): not twice, a write-off with a note, a collection only
 * when the balance covers it. Save, in the same transaction: the settling entry (it clears the USER_DEBT
 * receivable from the user's USD or from DEBT_WRITE_OFF, under the reference debt-settlement:<id>),
 * the debt SETTLED with how, by whom, when and the note, a history line (collected or written off), and the
 * audit log's line (DEBT_COLLECTED or DEBT_WRITTEN_OFF). The account's restriction lifts with its
 * last open debt, as the check reads the open debts on every request.
 */
export async function settleDebt(
  ctx: AppContext,
  adminId: string,
  request: SettleRequest,
): Promise<DebtItem> {
  const id = BigInt(request.debtId);
  await ctx.db.transaction(async (tx) => {
    const debt = await lockDebt(tx, id);
    if (!debt) throw new AppError('not_found');
    const collect = request.method === 'COLLECTED';
    const available =
      collect && debt.status === 'OPEN' ? await lockBalance(tx, userAccount(debt.userId, 'USD')) : 0n;
    const decided = decideDebtSettlement({
      debt: { status: debt.status, amount: BigInt(debt.amount) },
      method: request.method,
      available,
      note: request.note,
    });
    if (!decided.ok) throw new AppError(decided.code);
    const { amount } = decided.value;
    const reference = `debt-settlement:${id}`;
    const posted = await postEntry(tx, {
      kind: 'DEBT_SETTLEMENT',
      reference,
      userId: debt.userId,
      postings: debtSettlementPostings(debt.userId, request.method, amount),
      memo: { debt: id.toString(), method: request.method, admin: adminId },
    });
    // The debt's row is locked and OPEN, and the balance was read under its lock: neither can fail.
    if (!posted.ok) throw new Error(`debt settlement ${reference} could not post: ${posted.code}`);
    const entryId = posted.value.entryId;
    const at = ctx.clock.now();
    if (
      !(await markDebtSettled(tx, id, {
        settlement: request.method,
        settledBy: adminId,
        at,
        note: request.note,
        entryId,
      }))
    )
      throw new Error(`debt ${id} is no longer open`);
    // Both ways are a journal entry on the customer's receivable: both are a line of their history.
    await upsertWalletTransaction(tx, {
      reference,
      userId: debt.userId,
      event: { kind: collect ? 'debt_collected' : 'debt_written_off', asset: 'USD', amount },
      status: 'SUCCESS',
      entryId,
    });
    await recordAdminAction(tx, {
      adminId,
      action: collect ? 'DEBT_COLLECTED' : 'DEBT_WRITTEN_OFF',
      targetUserId: debt.userId,
      details: { debt_id: id.toString(), amount: debt.amount, asset: debt.asset, note: request.note },
    });
  });
  const row = await findDebtListRow(ctx.db, id);
  if (!row) throw new Error(`debt ${id} vanished after its settlement`);
  return toDebtItem(row);
}
