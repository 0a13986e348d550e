import { index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What the signer process signed (issue 43, item 5): one row per signature, written by the signer in
 * the transaction that decided it. The hot wallet's per-day cap counts these (each signed outbox row
 * and nonce once, however often its fee was replaced), not the outbox, and they are the audit of every key use. In
 * production the signer's database role alone may write here (docs/custody.md).
 */
export const chainSignatures = pgTable(
  'chain_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The outbox row (chain_transactions.id); null for the development chain's restore. */
    outboxId: uuid('outbox_id'),
    /** 'transaction', 'cancel' or 'development-restore'. */
    kind: text('kind').notNull(),
    chain: text('chain').notNull(),
    /** 'hot' or 'deposit:<index>'. */
    fromKey: text('from_key').notNull(),
    /** The key's address (null on signatures recorded before 0057). */
    fromAddress: text('from_address'),
    /**
     * The signed transaction's nonce (null before 0057). A row's first signature fixes it: its fee
     * replacements and cancels are signed at this nonce only (decideSign).
     */
    nonce: integer('nonce'),
    /** The coin that left the hot wallet and how much in the chain's units; null and 0 for none. */
    asset: text('asset'),
    amountRaw: numeric('amount_raw', { precision: 78, scale: 0 }).notNull().default('0'),
    txHash: text('tx_hash').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    // The day's outflow per chain and coin.
    index('chain_signatures_outflow_idx').on(t.chain, t.asset, t.signedAt),
    // A row's earlier signatures (its nonce, its cancels).
    index('chain_signatures_outbox_idx').on(t.outboxId, t.signedAt),
  ],
);
