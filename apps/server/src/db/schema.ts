import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Minor units of an asset: whole numbers only, read and written as strings, parsed to bigint in code. */
const minor = (name: string) => numeric(name, { precision: 38, scale: 0 });

// ---------------------------------------------------------------- accounts and sign-in

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    countryCode: text('country_code').notNull(),
    mobileNo: text('mobile_no').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['USER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    isKycVerified: boolean('is_kyc_verified').notNull().default(false),
    refCode: text('ref_code').notNull(),
    referredBy: uuid('referred_by'),
    profilePic: text('profile_pic'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_ref_code_key').on(t.refCode)],
);

export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['EMAIL_VERIFY', 'PASSWORD_RESET'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('otps_user_purpose_idx').on(t.userId, t.purpose)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Mail waiting for, or already handed to, the transport. The dev mailbox reads it in embedded mode. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  { id: uuid('id').primaryKey().defaultRandom(), email: text('email').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('newsletter_email_key').on(t.email)],
);

// ---------------------------------------------------------------- ledger

/**
 * One account per (owner, asset, kind). User accounts are AVAILABLE or LOCKED and never negative;
 * system accounts (PAYMENT_CLEARING, HOUSE_INVENTORY, FEE_REVENUE, STAKING_POOL, REFERRAL_EXPENSE) may
 * go negative where they stand for value outside the product. `balance` is a cache of the postings,
 * which `ledger:verify` recomputes.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id),
    asset: text('asset').notNull(),
    kind: text('kind').notNull(),
    allowNegative: boolean('allow_negative').notNull().default(false),
    balance: minor('balance').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_key').on(
      sql`coalesce(${t.userId}, '00000000-0000-0000-0000-000000000000')`,
      t.asset,
      t.kind,
    ),
    check('ledger_accounts_non_negative', sql`${t.allowNegative} OR ${t.balance} >= 0`),
    check(
      'ledger_accounts_owner_kind',
      sql`(${t.userId} IS NULL) = (${t.kind} NOT IN ('AVAILABLE', 'LOCKED'))`,
    ),
  ],
);

/** An append-only journal entry. `reference` makes a business event post at most once. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    userId: uuid('user_id').references(() => users.id),
    memo: jsonb('memo').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('journal_entries_reference_key').on(t.reference),
    index('journal_entries_user_idx').on(t.userId),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId),
    // A zero posting moves nothing and would only hide mistakes; the domain refuses it too.
    check('postings_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * What a user sees as a wallet transaction (spec section 3). Settled ones point at their journal entry;
 * pending and rejected ones (a declined deposit, say) have none.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    operationType: text('operation_type', {
      enum: ['CRYPTO_TO_FIAT', 'FIAT_TO_CRYPTO', 'FIAT', 'CRYPTO', 'CRYPTO_TO_CRYPTO'],
    }).notNull(),
    operation: text('operation').notNull(),
    fromAsset: text('from_asset'),
    fromAmount: minor('from_amount'),
    toAsset: text('to_asset'),
    toAmount: minor('to_amount'),
    status: text('status', { enum: ['SUCCESS', 'PENDING', 'REJECTED'] }).notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    reference: text('reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallet_transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('wallet_transactions_reference_key').on(t.reference),
  ],
);

/** The first answer to a money-moving POST, replayed for a repeated Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** A deposit's order at the payment provider, credited at most once (status CREDITED). */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    status: text('status', {
      enum: ['CREATED', 'APPROVED', 'DECLINED', 'PENDING', 'CAPTURED', 'CREDITED', 'FAILED'],
    }).notNull(),
    captureId: text('capture_id'),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_orders_provider_key').on(t.provider, t.providerOrderId),
    index('payment_orders_user_idx').on(t.userId),
  ],
);

/** Provider webhook deliveries already seen, so a redelivery is a no-op. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// ---------------------------------------------------------------- market data

/** Reference prices in USD, one row per asset per tick, kept for 24 h change and charts. */
export const priceTicks = pgTable(
  'price_ticks',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    asset: text('asset').notNull(),
    priceUsd: numeric('price_usd', { precision: 38, scale: 12 }).notNull(),
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('price_ticks_asset_at_idx').on(t.asset, t.at)],
);

// ---------------------------------------------------------------- trading

/**
 * A firm instant price for one user (buy or sell `quantity` of `asset` against USD), usable once
 * before `expires_at`. Amounts are minor units: quantity at the coin's scale, cost/fee/total in cents,
 * price in USD with 8 decimals (the price feed's scale).
 */
export const instantQuotes = pgTable(
  'instant_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    asset: text('asset').notNull(),
    quantity: minor('quantity').notNull(),
    priceUsd: minor('price_usd').notNull(),
    cost: minor('cost').notNull(),
    fee: minor('fee').notNull(),
    total: minor('total').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('instant_quotes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A limit order of a USDT market. Quantities are lots and the price ticks of the market (see the
 * domain's market-units); `filled_cost` is the exact cost of the fills at the market's cost scale.
 * `filled_quote` and `fee_quote` are what its fills moved so far in USDT minor units (cumulative, so
 * each fill charges the difference); `locked_remaining` is what it still holds in `lock_asset`.
 * `seq` is the market command that placed it: its time priority when the book is rebuilt.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    marketId: text('market_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['limit'] })
      .notNull()
      .default('limit'),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    priceTicks: minor('price_ticks').notNull(),
    quantityLots: minor('quantity_lots').notNull(),
    filledLots: minor('filled_lots').notNull().default('0'),
    cancelledLots: minor('cancelled_lots').notNull().default('0'),
    filledCost: minor('filled_cost').notNull().default('0'),
    filledQuote: minor('filled_quote').notNull().default('0'),
    feeQuote: minor('fee_quote').notNull().default('0'),
    lockAsset: text('lock_asset').notNull(),
    lockedRemaining: minor('locked_remaining').notNull(),
    status: text('status', { enum: ['open', 'filled', 'cancelled'] }).notNull(),
    seq: bigint('seq', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_open_idx').on(t.marketId, t.status),
    check('orders_lock_non_negative', sql`${t.lockedRemaining} >= 0`),
    check('orders_fill_bounds', sql`${t.filledLots} + ${t.cancelledLots} <= ${t.quantityLots}`),
  ],
);

/** A fill between a resting (maker) and an incoming (taker) order, at the maker's price. */
export const trades = pgTable(
  'trades',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    marketId: text('market_id').notNull(),
    makerOrderId: uuid('maker_order_id')
      .notNull()
      .references(() => orders.id),
    takerOrderId: uuid('taker_order_id')
      .notNull()
      .references(() => orders.id),
    makerUserId: uuid('maker_user_id').notNull(),
    takerUserId: uuid('taker_user_id').notNull(),
    takerSide: text('taker_side', { enum: ['buy', 'sell'] }).notNull(),
    priceTicks: minor('price_ticks').notNull(),
    quantityLots: minor('quantity_lots').notNull(),
    cost: minor('cost').notNull(),
    buyerFee: minor('buyer_fee').notNull(),
    sellerFee: minor('seller_fee').notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [index('trades_market_idx').on(t.marketId, t.id)],
);

/** The last command sequence number applied to each market's book (see the trading market loop). */
export const marketSequences = pgTable('market_sequences', {
  marketId: text('market_id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'bigint' }).notNull().default(sql`0`),
});
