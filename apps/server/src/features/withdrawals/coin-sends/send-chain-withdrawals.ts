import { formatMessage, messages as m } from '@exchange/contracts';
import {
  type AssetCode,
  type ChainSendItem,
  chainAmountToMinor,
  decideChainSend,
  formatMinor,
  freeHotWalletFunds,
  getAsset,
  nextWithdrawalStatus,
} from '@exchange/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type Address, encodeFunctionData, erc20Abi, type Hex, type PublicClient } from 'viem';
import { withdrawals } from '../../../db/schema';
import type { AppContext } from '../../../platform/app-context';
import type { ChainSettings, ChainToken } from '../../../platform/chain/chain-config';
import type { ChainTxRequest } from '../../../platform/chain/chain-sender-types';
import { coinBalance } from '../../../platform/chain/evm/evm-client';
import type { Tx } from '../../../platform/db';
import { adminEmails } from '../../../platform/mail/admin-emails';
import { coinUnits } from '../hot-wallet/hot-wallet-balances';
import { holdForAdmin, withdrawalHoldReason } from '../requests/withdrawal-standing';
import { changeWithdrawal, lockWithdrawal, type WithdrawalRow } from '../withdrawals.repository';
import type { HotWallets } from './coin-destination';

/** Withdrawals one tick looks at per chain: the rest wait for the next tick. */
const BATCH = 50;

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

/** A withdrawal as the send decision sees it: its coin and what leaves the hot wallet, in the chain's units. */
function sendItem(chain: ChainSettings, row: WithdrawalRow): ChainSendItem | null {
  const token = chain.tokens.find((t) => t.asset === row.asset);
  if (!token) return null;
  return {
    asset: token.asset,
    token: token.contract !== null,
    units: coinUnits(token, BigInt(row.amount) - BigInt(row.fee)),
  };
}

/**
 * One chain's tick: load the hot wallet's balances (from the chain), the fee the chain asks, the SENT
 * and the APPROVED coin withdrawals, oldest first; the domain decides each in turn (decideChainSend:
 * covered after what SENT ones and the ones before it take, first come first paid per coin); save
 * each one sent, and mail the administrators once when a withdrawal first waits.
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
  const maxFeePerGas = fees.maxFeePerGas ?? 0n;
  const balances = new Map<string, bigint>();
  for (const token of chain.tokens)
    balances.set(token.asset, await coinBalance(client, token, hot as Address));
  const native = chain.tokens.find((t) => !t.contract);
  if (!native) return;
  const sending = (await rowsOf(ctx, chain.key, ['SENT'])).flatMap((row) => sendItem(chain, row) ?? []);
  let free = freeHotWalletFunds(balances, native.asset, sending, maxFeePerGas);
  const short = new Map<string, WithdrawalRow[]>();
  for (const row of approved) {
    const item = sendItem(chain, row);
    if (!item) continue;
    const waiting = new Set(short.keys());
    const decided = decideChainSend({ free, nativeAsset: native.asset, waiting, item, maxFeePerGas });
    if (decided.kind === 'wait') {
      short.set(item.asset, [...(short.get(item.asset) ?? []), row]);
      continue;
    }
    const token = chain.tokens.find((t) => t.asset === item.asset)!;
    if (await send(ctx, outbox, chain, token, row)) free = decided.freeAfter;
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
