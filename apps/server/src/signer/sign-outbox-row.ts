import {
  decideSign,
  type Result,
  reject,
  type SignAsk,
  type SignCall,
  type SignRecord,
  type SignRefusal,
} from '@exchange/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Address, decodeFunctionData, type Hex, keccak256, parseAbi } from 'viem';
import { chainSignatures, chainSweeps, chainTransactions, nftItems, withdrawals } from '../db/schema';
import type { SignerKey } from '../platform/chain/chain-sender-types';
import type { SignBody } from '../platform/chain/signer-protocol';
import type { Clock } from '../platform/clock';
import type { Db, DbOrTx } from '../platform/db';
import type { SignerConfig } from './signer-config';

/**
 * The signer's one use case (issue 43, item 5): load the outbox row the web process names, the
 * record behind its purpose and the day's outflow, ITSELF; let the domain decide (decideSign); sign
 * only then, and record the signature with its nonce in the same transaction (a row's first signature
 * fixes its nonce). Per chain one decision at a time (an advisory lock), so two requests cannot both
 * fit under the day's cap nor fix two nonces for one row.
 */

export interface SignerDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly config: Pick<SignerConfig, 'keys' | 'chains' | 'embedded' | 'maxCancels'>;
}

export type SignOutcome = Result<Hex, SignRefusal | 'development_only'>;

/** The calls the product sends: an ERC-20 transfer, the ERC-721's mint and its transfer out. */
const CALLS_ABI = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function mint(address to, uint256 tokenId, string uri)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
]);

const SIGN_LOCK_CLASS = 72_004_053;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCall(data: string | null): SignCall {
  if (!data || data === '0x') return { fn: 'none' };
  try {
    const call = decodeFunctionData({ abi: CALLS_ABI, data: data as Hex });
    if (call.functionName === 'transfer') return { fn: 'transfer', to: call.args[0], amount: call.args[1] };
    if (call.functionName === 'mint') return { fn: 'mint', to: call.args[0], tokenId: call.args[1] };
    return { fn: 'safeTransferFrom', from: call.args[0], to: call.args[1], tokenId: call.args[2] };
  } catch {
    return { fn: 'unknown' };
  }
}

function keyOf(text: string): SignerKey {
  return text === 'hot' ? { kind: 'hot' } : { kind: 'deposit', index: Number(text.slice('deposit:'.length)) };
}

async function recordOf(db: DbOrTx, purpose: string, reference: string): Promise<SignRecord | null> {
  if (purpose === 'WITHDRAWAL' && UUID.test(reference)) {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, reference));
    return row
      ? {
          kind: 'withdrawal',
          status: row.status,
          method: row.method,
          chain: row.chain,
          asset: row.asset,
          destination: row.destination,
          amount: BigInt(row.amount),
          fee: BigInt(row.fee),
        }
      : null;
  }
  if ((purpose === 'SWEEP' || purpose === 'GAS_TOPUP') && UUID.test(reference)) {
    const [row] = await db.select().from(chainSweeps).where(eq(chainSweeps.id, reference));
    return row
      ? {
          kind: 'sweep',
          status: row.status,
          chain: row.chain,
          address: row.address,
          addressIndex: row.addressIndex,
          asset: row.asset,
          amountRaw: BigInt(row.amountRaw),
          gasTopUpRaw: BigInt(row.gasTopUpRaw),
        }
      : null;
  }
  // A mint's reference is the item's id; a transfer out's is '<item id>:<random>'.
  const itemId = reference.split(':')[0] ?? '';
  if ((purpose === 'NFT_MINT' || purpose === 'NFT_TRANSFER') && UUID.test(itemId)) {
    const [row] = await db.select().from(nftItems).where(eq(nftItems.id, itemId));
    return row
      ? {
          kind: 'nft',
          chainState: row.chainState,
          chain: row.chain,
          contract: row.contractAddress,
          tokenId: row.tokenId === null ? null : BigInt(row.tokenId),
          chainReference: row.chainReference,
          withdrawnTo: row.withdrawnTo,
        }
      : null;
  }
  return null;
}

const DAY_MS = 86_400_000;

/**
 * Per coin, what the hot wallet's signatures took in the 24 hours before `now`: each signed (outbox
 * row, nonce) once, however often its fee was replaced, the asked row's earlier ones included.
 */
async function sentToday(db: DbOrTx, chain: string, now: Date): Promise<Record<string, bigint>> {
  const since = new Date(now.getTime() - DAY_MS);
  const found = await db.execute<{ asset: string; total: string }>(sql`
    SELECT asset, sum(amount_raw)::text AS total FROM (
      SELECT DISTINCT ON (outbox_id, nonce) outbox_id, asset, amount_raw FROM ${chainSignatures}
       WHERE chain = ${chain} AND kind = 'transaction' AND from_key = 'hot' AND asset IS NOT NULL
         AND signed_at > ${since.toISOString()}
       ORDER BY outbox_id, nonce, signed_at) once
     GROUP BY asset`);
  return Object.fromEntries(found.rows.map((row) => [row.asset, BigInt(row.total)]));
}

/** What the signer signed for this row before: the nonce its first signature fixed, its cancels. */
async function signedBefore(db: DbOrTx, outboxId: string, nonce: number, now: Date) {
  const earlier = await db
    .select({ kind: chainSignatures.kind, nonce: chainSignatures.nonce, signedAt: chainSignatures.signedAt })
    .from(chainSignatures)
    .where(eq(chainSignatures.outboxId, outboxId))
    .orderBy(asc(chainSignatures.signedAt), asc(chainSignatures.id));
  const since = now.getTime() - DAY_MS;
  return {
    signedNonce: earlier.find((one) => one.nonce !== null)?.nonce ?? null,
    cancelsSigned: earlier.filter((one) => one.kind === 'cancel').length,
    countedToday: earlier.some(
      (one) => one.kind === 'transaction' && one.nonce === nonce && one.signedAt.getTime() > since,
    ),
  };
}

function askOf(body: SignBody, kind: 'transaction' | 'cancel'): SignAsk {
  return {
    kind,
    key: body.key,
    chainId: body.chain_id,
    nonce: body.nonce,
    to: body.to,
    value: BigInt(body.value),
    data: body.data,
    gas: BigInt(body.gas),
    maxFeePerGas: BigInt(body.max_fee_per_gas),
    maxPriorityFeePerGas: BigInt(body.max_priority_fee_per_gas),
  };
}

/** The development chain's restore: the hot key, no outbox row (embedded mode only). */
async function signRestore(deps: SignerDeps, body: SignBody): Promise<Hex> {
  return deps.config.keys.sign({
    kind: 'development-restore',
    key: { kind: 'hot' },
    transaction: {
      type: 'eip1559',
      chainId: body.chain_id,
      nonce: body.nonce,
      to: body.to as Address,
      value: BigInt(body.value),
      data: (body.data ?? undefined) as Hex | undefined,
      gas: BigInt(body.gas),
      maxFeePerGas: BigInt(body.max_fee_per_gas),
      maxPriorityFeePerGas: BigInt(body.max_priority_fee_per_gas),
    },
  });
}

export async function signOutboxRow(deps: SignerDeps, body: SignBody): Promise<SignOutcome> {
  const now = deps.clock.now();
  if (body.kind === 'development-restore') {
    // Only the embedded default's signer signs the development chain's restore, with the hot key.
    if (!deps.config.embedded || body.key !== 'hot') return reject('development_only');
    const raw = await signRestore(deps, body);
    await deps.db.insert(chainSignatures).values({
      kind: body.kind,
      chain: `chain-id:${body.chain_id}`,
      fromKey: 'hot',
      fromAddress: deps.config.keys.address({ kind: 'hot' }),
      nonce: body.nonce,
      txHash: keccak256(raw),
      signedAt: now,
    });
    return { ok: true, value: raw };
  }
  const kind = body.kind;
  if (!body.outbox_id) return reject('unknown_row');
  const outboxId = body.outbox_id;
  return deps.db.transaction(async (tx): Promise<SignOutcome> => {
    const [row] = await tx.select().from(chainTransactions).where(eq(chainTransactions.id, outboxId));
    if (!row) return reject('unknown_row');
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGN_LOCK_CLASS}, hashtext(${row.chain}))`);
    const chain = deps.config.chains.get(row.chain) ?? null;
    const ask = askOf(body, kind);
    const before = await signedBefore(tx, row.id, ask.nonce, now);
    const decided = decideSign(ask, {
      row: {
        chain: row.chain,
        purpose: row.purpose,
        reference: row.reference,
        fromKey: row.fromKey,
        fromAddress: row.fromAddress,
        toAddress: row.toAddress,
        value: BigInt(row.value),
        data: row.data,
        status: row.status,
        nonce: row.nonce,
      },
      chain,
      keyAddress: deps.config.keys.address(keyOf(body.key)),
      call: decodeCall(row.data),
      record: await recordOf(tx, row.purpose, row.reference),
      caps: chain?.caps ?? {},
      sentToday: await sentToday(tx, row.chain, now),
      ...before,
      maxCancels: deps.config.maxCancels,
      maxFeeWei: chain?.maxFeeWei ?? 0n,
    });
    if (!decided.ok) {
      deps.logger.warn(
        { outboxId, chain: row.chain, purpose: row.purpose, kind, refusal: decided.code },
        'signer: refused to sign',
      );
      return decided;
    }
    const raw = await deps.config.keys.sign({
      kind,
      outboxId,
      key: keyOf(body.key),
      transaction: {
        type: 'eip1559',
        chainId: ask.chainId,
        nonce: ask.nonce,
        to: ask.to as Address,
        value: ask.value,
        data: (ask.data ?? undefined) as Hex | undefined,
        gas: ask.gas,
        maxFeePerGas: ask.maxFeePerGas,
        maxPriorityFeePerGas: ask.maxPriorityFeePerGas,
      },
    });
    await tx.insert(chainSignatures).values({
      outboxId,
      kind,
      chain: row.chain,
      fromKey: row.fromKey,
      fromAddress: row.fromAddress,
      nonce: ask.nonce,
      asset: decided.value.asset,
      amountRaw: decided.value.amount.toString(),
      txHash: keccak256(raw),
      signedAt: now,
    });
    deps.logger.info(
      { outboxId, chain: row.chain, purpose: row.purpose, kind, nonce: ask.nonce },
      'signer: signed an outbox row',
    );
    return { ok: true, value: raw };
  });
}
