import { formatMessage, messages as m } from '@exchange/contracts';
import {
  type AssetCode,
  chainAmountToMinor,
  formatMinor,
  getAsset,
  nextWithdrawalStatus,
} from '@exchange/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type Address, encodeFunctionData, erc20Abi, type Hex, type PublicClient } from 'viem';
import { withdrawals } from '../../../db/schema';
import type { AppContext } from '../../../platform/app-context';
import { coinBalance } from '../../../platform/chain/chain-client';
import type { ChainSettings, ChainToken } from '../../../platform/chain/chain-config';
import type { ChainTxRequest } from '../../../platform/chain/chain-sender-types';
import type { Tx } from '../../../platform/db';
import { adminEmails } from '../../../platform/mail/admin-emails';
import { coinUnits } from '../hot-wallet/hot-wallet-balances';
import { holdForAdmin, withdrawalHoldReason } from '../requests/withdrawal-standing';
import { changeWithdrawal, lockWithdrawal, type WithdrawalRow } from '../withdrawals.repository';
import type { HotWallets } from './coin-destination';

/** Withdrawals one tick looks at per chain: the rest wait for the next tick. */
const BATCH = 50;
/** Gas a transfer may use: a plain one 21,000; a token's transfer well under 100,000. */
const NATIVE_GAS = 21_000n;
const TOKEN_GAS = 100_000n;

export type SendContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger' | 'config'>;

/** What the job needs of the chain sender: the hot wallets, and writing a request to its outbox. */
export interface WithdrawalOutbox extends HotWallets {
  enqueue(tx: Tx, request: ChainTxRequest): Promise<unknown>;
}

/** The transaction that pays a coin withdrawal out of the hot wallet. */
export function withdrawalTransaction(
  token: ChainToken,
  row: WithdrawalRow,
): Omit<ChainTxRequest, 'chain' | 'purpose' | 'reference' | 'from'> {
  const units = coinUnits(token, BigInt(row.amount) - BigInt(row.fee));
  if (!token.contract) return { to: row.destination as Address, value: units };
  const data: Hex = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [row.destination as Address, units],
  });
  return { to: token.contract as Address, value: 0n, data };
}

async function rowsOf(ctx: SendContext, chain: string, statuses: ('APPROVED' | 'SENT')[]) {
  return ctx.db
    .select()
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.status, statuses),
        eq(withdrawals.method, 'chain'),
        eq(withdrawals.chain, chain),
      ),
    )
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(statuses.includes('SENT') ? 1000 : BATCH);
}

/**
 * APPROVED → SENT and the sender's request, in ONE database transaction: the outbox row exists exactly
 * when the withdrawal says it was sent (reference = the withdrawal's id, so the same one twice is one
 * row). A row an admin rejected meanwhile is left as it is; one whose owner's account is no longer in
 * good standing (checkAccountStanding, read in this transaction) is held for an admin instead.
 */
async function send(
  ctx: SendContext,
  outbox: WithdrawalOutbox,
  chain: ChainSettings,
  token: ChainToken,
  row: WithdrawalRow,
): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await lockWithdrawal(tx, row.id);
    if (locked?.status !== 'APPROVED') return false;
    const heldReason = await withdrawalHoldReason(tx, locked);
    if (heldReason) {
      await holdForAdmin(ctx, tx, locked, heldReason, now);
      return false;
    }
    const next = nextWithdrawalStatus(locked.status, 'send');
    if (!next.ok) return false;
    const moved = await changeWithdrawal(tx, locked.id, 'APPROVED', { status: 'SENT', sentAt: now }, now);
    if (!moved) return false;
    await outbox.enqueue(tx, {
      chain: chain.key,
      purpose: 'WITHDRAWAL',
      reference: locked.id,
      from: { kind: 'hot' },
      ...withdrawalTransaction(token, locked),
    });
    return true;
  });
}

/** Tells every administrator, once per shortfall (the rows it newly marks), that withdrawals wait. */
async function tellAdminsShort(
  ctx: SendContext,
  chain: ChainSettings,
  hot: string,
  token: ChainToken,
  balance: bigint,
  waiting: WithdrawalRow[],
): Promise<void> {
  const now = ctx.clock.now();
  const marked = await ctx.db
    .update(withdrawals)
    .set({ fundsShortAt: now })
    .where(
      and(
        inArray(
          withdrawals.id,
          waiting.map((row) => row.id),
        ),
        isNull(withdrawals.fundsShortAt),
      ),
    )
    .returning({ id: withdrawals.id });
  if (marked.length === 0) return;
  const asset = token.asset as AssetCode;
  const scale = getAsset(asset).scale;
  const needed = waiting.reduce((sum, row) => sum + BigInt(row.amount) - BigInt(row.fee), 0n);
  const figures = {
    asset,
    chain: chain.name,
    address: hot,
    balance: formatMinor(chainAmountToMinor(balance, token.decimals, scale), scale),
    needed: formatMinor(needed, scale),
    count: String(waiting.length),
  };
  ctx.logger.warn({ chain: chain.key, asset, waiting: waiting.length }, 'hot wallet short: withdrawals wait');
  try {
    for (const to of await adminEmails(ctx.db))
      await ctx.mailer.send({
        to,
        subject: formatMessage(m.hotWalletShortMailSubject, figures),
        text: formatMessage(m.hotWalletShortMailText, figures),
      });
  } catch (error) {
    ctx.logger.error({ err: error, chain: chain.key }, 'hot wallet short: admin mail failed');
  }
}

/**
 * One chain's tick: its APPROVED coin withdrawals, oldest first, each sent when the hot wallet (read
 * from the chain) still covers it after what SENT ones and the ones before it take: its coin, and the
 * gas of every transfer in the native coin. One it cannot cover waits, and so do the later ones of
 * that coin (first come, first paid); the administrators are mailed once when a withdrawal first waits.
 */
async function sendChain(
  ctx: SendContext,
  outbox: WithdrawalOutbox,
  chain: ChainSettings,
  client: PublicClient,
): Promise<void> {
  const hot = outbox.hotWalletAddress(chain.key);
  if (!hot) return;
  const approved = await rowsOf(ctx, chain.key, ['APPROVED']);
  if (approved.length === 0) return;
  const fees = await client.estimateFeesPerGas();
  const gasPrice = fees.maxFeePerGas ?? 0n;
  const free = new Map<string, bigint>();
  for (const token of chain.tokens) free.set(token.asset, await coinBalance(client, token, hot as Address));
  const native = chain.tokens.find((t) => !t.contract);
  if (!native) return;
  const take = (asset: string, units: bigint) => free.set(asset, (free.get(asset) ?? 0n) - units);
  // What the sender still has to send (SENT, not yet ended) is spoken for.
  for (const row of await rowsOf(ctx, chain.key, ['SENT'])) {
    const token = chain.tokens.find((t) => t.asset === row.asset);
    if (!token) continue;
    take(token.asset, coinUnits(token, BigInt(row.amount) - BigInt(row.fee)));
    take(native.asset, gasPrice * (token.contract ? TOKEN_GAS : NATIVE_GAS));
  }
  const short = new Map<string, WithdrawalRow[]>();
  for (const row of approved) {
    const token = chain.tokens.find((t) => t.asset === row.asset);
    if (!token) continue;
    const units = coinUnits(token, BigInt(row.amount) - BigInt(row.fee));
    const gas = gasPrice * (token.contract ? TOKEN_GAS : NATIVE_GAS);
    const nativeNeed = gas + (token.contract ? 0n : units);
    const covered =
      !short.has(token.asset) &&
      (free.get(native.asset) ?? 0n) >= nativeNeed &&
      (token.contract === null || (free.get(token.asset) ?? 0n) >= units);
    if (!covered) {
      short.set(token.asset, [...(short.get(token.asset) ?? []), row]);
      continue;
    }
    if (await send(ctx, outbox, chain, token, row)) {
      take(native.asset, nativeNeed);
      if (token.contract) take(token.asset, units);
    }
  }
  for (const [asset, rows] of short) {
    const token = chain.tokens.find((t) => t.asset === asset)!;
    const balance = await coinBalance(client, token, hot as Address);
    await tellAdminsShort(ctx, chain, hot, token, balance, rows);
  }
}

/**
 * One tick of coin withdrawals, run by the scheduled-job leader only: per configured chain with a hot
 * wallet, see sendChain. A node that does not answer leaves that chain's withdrawals for the next tick.
 */
export async function sendChainWithdrawals(
  ctx: SendContext,
  outbox: WithdrawalOutbox,
  clients: ReadonlyMap<string, PublicClient>,
): Promise<void> {
  for (const chain of ctx.config.chains) {
    const client = clients.get(chain.key);
    if (!client) continue;
    try {
      await sendChain(ctx, outbox, chain, client);
    } catch (error) {
      ctx.logger.warn({ err: error, chain: chain.key }, 'chain withdrawals: not sent, tried again next tick');
    }
  }
}
