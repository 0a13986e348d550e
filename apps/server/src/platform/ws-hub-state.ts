import type { Logger } from 'pino';
import type WebSocket from 'ws';
import type { Session, TokenService } from './auth';
import type { Clock } from './clock';
import { type FrameBudget, type FrameBudgetOptions, frameBudgets } from './ws-frame-budget';

/**
 * A channel clients may subscribe to. `name` is either an exact name ('ticker', 'user') or a family
 * ending in ':' ('depth:' matches 'depth:BTC-USDT'). A private channel needs an authenticated socket
 * and its data goes only to the one user it is published for.
 */
export interface ChannelSpec {
  readonly name: string;
  readonly private?: boolean;
  /** Send the last frame published on the channel to each new subscriber, so it starts with data. */
  readonly replayLast?: boolean;
  /** For families: whether a concrete key exists (a market id, say); unknown keys are refused. */
  readonly accepts?: (channel: string) => boolean;
}

export interface WsHubOptions extends FrameBudgetOptions {
  readonly tokens: TokenService;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly maxSubscriptionsPerSocket?: number;
  readonly heartbeatMs?: number;
  /** A client that reads slower than this much queued output is disconnected. */
  readonly maxBufferedBytes?: number;
  /** Open sockets per client network (an IPv6 /64 is one, as for HTTP) and per user: default 20 and 10. */
  readonly maxConnectionsPerAddress?: number;
  readonly maxConnectionsPerUser?: number;
  /**
   * Checks an access token and that its sign-in is still live (the guards' check). Defaults to the
   * token's signature and expiry alone, for hubs without a database.
   */
  readonly verifySession?: (token: string) => Promise<Session | null>;
}

/** One socket of this process: what it subscribed to, who it signed in as, and its budgets. */
export interface Connection {
  readonly socket: WebSocket;
  readonly channels: Set<string>;
  /** Each private channel subscribed to, with its key in `WsHubState.userSubscribers`. */
  readonly privateKeys: Map<string, string>;
  readonly address: string;
  readonly budget: FrameBudget;
  session: { userId: string; sessionId: string; expiresAtMs: number } | null;
  alive: boolean;
}

/** A private channel's subscribers of one user: their key in `WsHubState.userSubscribers`. */
export const userChannelKey = (channel: string, userId: string) => `${channel}\u0000${userId}`;

/**
 * Everything one hub knows: its limits (the options with their defaults), the channels defined on it,
 * its sockets and who subscribed to what. The hub's parts (ws-channels.ts, ws-fan-out.ts,
 * ws-connections.ts, ws-heartbeat.ts) each take it as their first argument.
 */
export class WsHubState {
  readonly maxSubscriptions: number;
  readonly maxBufferedBytes: number;
  readonly maxPerAddress: number;
  readonly maxPerUser: number;
  readonly newBudget: () => FrameBudget;
  readonly verifySession: (token: string) => Promise<Session | null>;
  readonly clock: Clock;
  readonly log: Logger;
  /** Open sockets per client network. */
  readonly perAddress = new Map<string, number>();
  readonly specs = new Map<string, ChannelSpec>();
  readonly subscribers = new Map<string, Set<Connection>>();
  /**
   * The subscribers of each private channel by the user they subscribed as (`userChannelKey`), so a
   * user's event goes to that user's sockets without a look at every other subscriber's.
   */
  readonly userSubscribers = new Map<string, Set<Connection>>();
  /** The last frame published on each channel whose spec replays it, as sent. */
  readonly lastFrame = new Map<string, string>();
  readonly connections = new Set<Connection>();

  constructor(options: WsHubOptions) {
    this.maxSubscriptions = options.maxSubscriptionsPerSocket ?? 20;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1_048_576;
    this.maxPerAddress = options.maxConnectionsPerAddress ?? 20;
    this.maxPerUser = options.maxConnectionsPerUser ?? 10;
    this.newBudget = frameBudgets(options);
    this.verifySession =
      options.verifySession ?? ((token: string) => options.tokens.verifyAccessToken(token));
    this.clock = options.clock;
    this.log = options.logger;
  }

  nowMs(): number {
    return this.clock.now().getTime();
  }
}
