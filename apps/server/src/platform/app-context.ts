import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Wallet } from '@exchange/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createGuards, createTokenService, type Guards, type TokenService } from './auth';
import type { ChainSender } from './chain/chain-sender-types';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db, Tx } from './db';
import type { Mailer } from './mail/mailer';
import type { PriceSource } from './prices';
import { type Storage, storageFromConfig } from './storage';

/** What the app is built from: everything with I/O is passed in, so tests can swap it. */
export interface AppDeps {
  readonly config: Config;
  readonly database: Database;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly logger: Logger;
  readonly prices: PriceSource;
  /** Uploaded files; defaults to what the config names (the data directory or an S3 bucket). */
  readonly storage?: Storage;
  /**
   * Run inside the transaction that approves a user's KYC, after the user is marked verified (a
   * referral reward, for example). A failure rolls the approval back. Default: none.
   */
  readonly kycApprovalEffects?: ReadonlyArray<KycApprovalEffect>;
  /**
   * Run inside the transaction that registers a user, after the user row is written (recording who
   * referred them, for example). A failure rolls the sign-up back. Default: none.
   */
  readonly signUpEffects?: ReadonlyArray<SignUpEffect>;
  /**
   * Scheduled jobs run outside the app's own scheduler (the price feed, started before the app so
   * the first request has prices) and whether this process leads them, for the metrics.
   */
  readonly jobLeadership?: () => ReadonlyArray<{ job: string; leader: boolean }>;
}

/** One consequence of a KYC approval, run in the approval's transaction. */
export type KycApprovalEffect = (tx: Tx, userId: string, approval: KycApproval) => Promise<void>;

/** What an approval effect knows of the approval besides the user. */
export interface KycApproval {
  readonly kycId: string;
  /** The submission matched another account's identity when it was submitted. */
  readonly identityMatched: boolean;
  /** The admin confirmed paying the referral reward despite that match. */
  readonly payReferralDespiteMatch: boolean;
}

/** A new user, as the sign-up effects see them: who referred them (a valid referral code), and when. */
export interface SignedUp {
  readonly userId: string;
  /** The user whose referral code the new user gave, or null when they gave none. */
  readonly referrerId: string | null;
  readonly at: Date;
}

/** One consequence of a sign-up, run in the sign-up's transaction. */
export type SignUpEffect = (tx: Tx, signedUp: SignedUp) => Promise<void>;

/** What the platform builds from the deps, before the composition root adds the shared features. */
export interface PlatformContext extends AppDeps {
  readonly db: Db;
  readonly tokens: TokenService;
  readonly guards: Guards;
  readonly storage: Storage;
}

/** What every feature's routes receive. */
export interface AppContext extends PlatformContext {
  /**
   * The user's wallet as GET /wallet shows it, which every money-moving answer carries (wired in
   * app.ts to the wallet feature). Outside a transaction, the requests that ask in the same turn of
   * the event loop (a market batch's answers) are read by one statement (platform/coalesce.ts).
   */
  readonly walletOf: (userId: string) => Promise<Wallet>;
  /**
   * Sends the product's own transactions on the chains (features/chain-sender): a feature enqueues in
   * its transaction and registers a handler per purpose for the end (wired in app.ts).
   */
  readonly chainSender: ChainSender;
}

/** The Fastify instance every feature registers its routes on: zod schemas type each handler. */
export type ZodApi = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export function createAppContext(deps: AppDeps): PlatformContext {
  const tokens = createTokenService(deps.config.jwtSecret, deps.config.accessTokenTtlSeconds, () =>
    deps.clock.now(),
  );
  return {
    ...deps,
    db: deps.database.db,
    tokens,
    guards: createGuards(tokens, deps.database.db, {
      adminTwoFactorRequired: deps.config.env === 'production',
    }),
    storage: deps.storage ?? storageFromConfig(deps.config),
  };
}
