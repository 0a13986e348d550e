import { formatMessage, messages } from '@exchange/contracts';
import {
  type AssetCode,
  checkOutflow,
  depositHoldStart,
  divide,
  formatMinor,
  getAsset,
  heldDepositCents,
  isStale,
  leavesExchange,
  type OutflowKind,
  PRICE_DECIMALS,
  pow10,
  USD_CENTS_SCALE,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { valueUserWallet } from '../ledger/wallet-valuation';
import { depositsCreditedSince, hasOpenDebt } from './outflow.repository';

type OutflowContext = Pick<AppContext, 'db' | 'config' | 'clock' | 'prices'>;

/** What would leave: an amount of one asset, in its minor units. */
export interface Outflow {
  readonly asset: AssetCode;
  readonly amount: bigint;
}

/**
 * Refuses a P2P send, a swap, a sell (or, later, a withdrawal) that the account's restrictions forbid
 * (`checkOutflow`): an open debt from a reversed deposit ('debt_open', 403), or, with
 * DEPOSIT_HOLD_DAYS on and for a move that leaves the exchange, value of deposits still inside their
 * hold window ('deposit_on_hold', 422). Runs before anything is written, so a refusal changes nothing.
 * Its cost: one probe of the open-debt partial index; the hold's reads (the user's recent deposits and
 * wallet) only when the hold is on and the move leaves the exchange.
 */
export async function assertOutflowAllowed(
  ctx: OutflowContext,
  userId: string,
  kind: OutflowKind,
  out?: Outflow,
): Promise<void> {
  const openDebts = (await hasOpenDebt(ctx.db, userId)) ? 1 : 0;
  const hold =
    openDebts === 0 && out && leavesExchange(kind) ? await holdFigures(ctx, userId, out) : undefined;
  const checked = checkOutflow({ kind, openDebts, ...(hold ? { hold } : {}) });
  if (checked.ok) return;
  if (checked.code === 'debt_open') throw new AppError('debt_open');
  const free = BigInt(checked.params?.free ?? '0');
  throw new AppError(
    'deposit_on_hold',
    formatMessage(messages.depositOnHold, {
      days: String(ctx.config.depositHoldDays),
      free: formatMinor(free, USD_CENTS_SCALE),
    }),
  );
}

/**
 * The hold's figures in USD cents, or undefined when nothing is held: deposits still in their window,
 * the wallet's value, and the value leaving. A coin without a usable price cannot be valued, so the
 * move is refused as the quotes refuse it (price_unavailable) rather than let through unmeasured.
 */
async function holdFigures(ctx: OutflowContext, userId: string, out: Outflow) {
  const now = ctx.clock.now();
  const start = depositHoldStart(now, ctx.config.depositHoldDays);
  if (start === null) return undefined;
  const deposits = await depositsCreditedSince(ctx.db, userId, start);
  const heldCents = heldDepositCents(deposits, now, ctx.config.depositHoldDays);
  if (heldCents === 0n) return undefined;
  const wallet = await valueUserWallet(ctx, userId);
  return { heldCents, walletValueCents: wallet.totalCents, outCents: outCentsOf(ctx, out) };
}

function outCentsOf(ctx: OutflowContext, out: Outflow): bigint {
  if (out.asset === 'USD') return out.amount;
  const point = ctx.prices.latest(out.asset);
  const staleMs = ctx.config.priceStaleAfterSeconds * 1000;
  if (!point || point.usd <= 0n || isStale(point, ctx.clock.now(), staleMs))
    throw new AppError('price_unavailable');
  // Rounded up: the value leaving is never understated.
  const scale = getAsset(out.asset).scale;
  return divide(out.amount * point.usd * pow10(USD_CENTS_SCALE), pow10(scale + PRICE_DECIMALS), 'up');
}
