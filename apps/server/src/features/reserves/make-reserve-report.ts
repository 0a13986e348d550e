import { createHash, randomUUID } from 'node:crypto';
import type { ReserveAddressProof, ReserveAssetLine } from '@exchange/contracts';
import { formatMinor, getAsset, parseDecimal, reserveRatio, toHex, treeRoot } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { recordAdminAction } from '../audit/record-admin-action';
import type { ChainAssetProof, ChainAssetProver } from './prove-chain-assets';
import { insertReport, insertTree, lockReportChain, type ReportRow } from './reserves.repository';
import { newSaltKey, reservesSaltBox, sealSaltKey } from './reserves-salts';
import { type LiabilitySnapshot, snapshotLiabilities } from './reserves-snapshot';
import { reservesTree } from './reserves-tree';

export interface ReserveProvers {
  /** The prover of each chain family ('evm'); a chain whose family has none is left out and logged. */
  readonly byFamily: Readonly<Partial<Record<string, ChainAssetProver>>>;
}

export interface MakeReportInput {
  readonly trigger: 'SCHEDULE' | 'ADMIN';
  readonly adminId?: string;
  /** USD at the payment provider as the operator states it (decimal); absent: the previous report's. */
  readonly usdStatement?: string;
}

/**
 * Makes one report: the liabilities' snapshot and its tree, the coins proven on every chain, per
 * asset the ratio, all stored at once naming the previous report's hash (append-only tables). The
 * snapshot is a read-only REPEATABLE READ read; the chains are read after it, at their latest block,
 * so coins deposited in between count as assets but not yet as liabilities, never the other way.
 */
export async function makeReserveReport(
  ctx: Pick<AppContext, 'db' | 'clock' | 'logger' | 'config'>,
  provers: ReserveProvers,
  input: MakeReportInput,
): Promise<ReportRow> {
  const id = randomUUID();
  const snapshot = await snapshotLiabilities(ctx.db, () => ctx.clock.now());
  const saltKey = newSaltKey();
  const tree = reservesTree(snapshot, saltKey);
  const proofs: ChainAssetProof[] = [];
  for (const chain of [...ctx.config.chains, ...ctx.config.bitcoinChains]) {
    const prover = provers.byFamily[chain.family ?? 'evm'];
    if (!prover) {
      ctx.logger.warn(
        { chain: chain.key },
        'reserves: no prover for this chain family; its coins are not proven',
      );
      continue;
    }
    try {
      proofs.push(...(await prover(chain, id)));
    } catch (error) {
      // A node that does not answer leaves its chain unproven in this report rather than no report.
      ctx.logger.error(
        { err: error, chain: chain.key },
        'reserves: the chain could not be read; its coins are not proven',
      );
    }
  }
  return ctx.db.transaction(async (tx) => {
    const previous = await lockReportChain(tx);
    // The operator's statement is carried forward until they state a new one.
    const usdStatement = input.usdStatement ?? previous?.usdStatement ?? null;
    const root = treeRoot(tree);
    const body = {
      id,
      seq: (previous?.seq ?? 0) + 1,
      created_at: snapshot.takenAt,
      trigger: input.trigger,
      assets: [...snapshot.assets],
      totals: root.sums.map(String),
      root_hash: toHex(root.hash),
      leaf_count: snapshot.userIds.length,
      lines: assetLines(snapshot, root.sums, proofs, usdStatement),
      address_proofs: proofs.map(proofView),
      usd_statement: usdStatement,
      previous_hash: previous?.hash ?? null,
    };
    const row: ReportRow & { requested_by: string | null } = {
      ...body,
      report_hash: reportHash(body),
      salt_key_sealed: sealSaltKey(reservesSaltBox(ctx.config.otpHmacKey), id, saltKey),
      requested_by: input.adminId ?? null,
    };
    await insertReport(tx, row);
    await insertTree(tx, id, tree, snapshot.userIds, snapshot.balances);
    if (input.adminId)
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: 'RESERVES_REPORT_MADE',
        details: { report: id, seq: row.seq, usd_statement: input.usdStatement ?? null },
      });
    return row;
  });
}

/**
 * The report's hash: SHA-256 of the canonical JSON (object keys sorted, no spaces) of the array
 * [id, seq, created_at, root_hash, assets, totals, lines, address_proofs, usd_statement, previous_hash]
 * (docs/proof-of-reserves.md), all as the public report shows them, so anyone can recompute it; the
 * previous report's hash is among them, so changing any past report breaks every later one.
 */
export function reportHash(body: {
  id: string;
  seq: number;
  created_at: Date;
  root_hash: string;
  assets: readonly string[];
  totals: readonly string[];
  lines: unknown;
  address_proofs: unknown;
  usd_statement: string | null;
  previous_hash: string | null;
}): string {
  const canonical = canonicalJson([
    body.id,
    body.seq,
    body.created_at.toISOString(),
    body.root_hash,
    body.assets,
    body.totals,
    body.lines,
    body.address_proofs,
    body.usd_statement,
    body.previous_hash,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** JSON with every object's keys in sorted order (jsonb does not keep the order they were written in). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function proofView(proof: ChainAssetProof): ReserveAddressProof {
  return {
    chain: proof.chain,
    chain_name: proof.chainName,
    asset: proof.asset,
    role: proof.role,
    address: proof.address,
    balance: formatMinor(proof.balance, getAsset(proof.asset as never).scale),
    block_number: proof.blockNumber.toString(),
    ...(proof.blockHash ? { block_hash: proof.blockHash } : {}),
    message: proof.attestation?.message ?? null,
    signature: proof.attestation?.signature ?? null,
    explorer_url: proof.explorerUrl,
  };
}

function assetLines(
  snapshot: LiabilitySnapshot,
  totals: readonly bigint[],
  proofs: readonly ChainAssetProof[],
  usdStatement: string | null,
): ReserveAssetLine[] {
  return snapshot.assets.map((asset, a) => {
    const { scale } = getAsset(asset);
    const onChain = proofs.filter((proof) => proof.asset === asset);
    const stated =
      asset === 'USD' && usdStatement !== null ? (parseDecimal(usdStatement, scale) ?? 0n) : null;
    const held = stated ?? onChain.reduce((sum, proof) => sum + proof.balance, 0n);
    const liabilities = totals[a] ?? 0n;
    return {
      asset,
      liabilities: formatMinor(liabilities, scale),
      assets: formatMinor(held, scale),
      ratio: reserveRatio(held, liabilities),
      source: stated !== null ? 'statement' : onChain.length > 0 ? 'chain' : 'none',
    };
  });
}
