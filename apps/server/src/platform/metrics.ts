import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of one server process (served at GET /metrics). The composition root feeds
 * them: request latency from a Fastify hook, orders and fills from the matching loops' commits, and
 * the gauges read live values (sockets, job leadership, price age) through the callbacks it sets, at
 * scrape time. docs/operations.md says what each one means; keep the two in step.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly orderUpdates: Counter<'market' | 'status'>;
  readonly fills: Counter<'market'>;
  readonly batchSize: Histogram<'market'>;
  readonly roundWrite: Histogram;
  readonly roundCommands: Histogram;
  readonly ledgerConsistent: Gauge;
  readonly ledgerCheckedAt: Gauge;
  /** Sets what the scrape-time gauges read. */
  observe(sources: MetricSources): void;
}

export interface MetricSources {
  readonly sockets?: () => number;
  /** Each scheduled job this process knows of, and whether it leads it. */
  readonly leadership?: () => ReadonlyArray<{ job: string; leader: boolean }>;
  /** Seconds since the stalest reference price this process knows was observed, per asset. */
  readonly priceAges?: () => ReadonlyArray<{ asset: string; seconds: number }>;
  /** Provider ticks the price feed refused since this process started, per asset and reason. */
  readonly rejectedTicks?: () => ReadonlyArray<{ asset: string; reason: string; count: number }>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  let sources: MetricSources = {};
  const requestDuration = new Histogram({
    name: 'exchange_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const orderUpdates = new Counter({
    name: 'exchange_order_updates_total',
    help: 'Limit orders changed by a committed matching command, by market and resulting status',
    labelNames: ['market', 'status'] as const,
    registers: [registry],
  });
  const fills = new Counter({
    name: 'exchange_fills_total',
    help: 'Trades settled by committed matching commands, by market',
    labelNames: ['market'] as const,
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: 'exchange_match_batch_orders',
    help: 'Orders one committed matching command touched (placed, filled or cancelled), by market',
    labelNames: ['market'] as const,
    buckets: [1, 2, 5, 10, 20, 50, 100],
    registers: [registry],
  });
  // One statement writes each round of the matching loop (all markets' commands that waited): its
  // time is what every order of the round waits for, and a round's size shows how far behind the
  // loop runs.
  const roundWrite = new Histogram({
    name: 'exchange_match_round_write_seconds',
    help: "Time the matching loop's round statement took to commit (every command of the round waits for it)",
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const roundCommands = new Histogram({
    name: 'exchange_match_round_commands',
    help: 'Commands one committed round of the matching loop wrote, over all markets',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200],
    registers: [registry],
  });
  const ledgerConsistent = new Gauge({
    name: 'exchange_ledger_consistent',
    help: '1 when the last ledger check found no breach, 0 when it found one (set by the job leader)',
    registers: [registry],
  });
  const ledgerCheckedAt = new Gauge({
    name: 'exchange_ledger_checked_timestamp_seconds',
    help: 'When the last ledger check ran, as a Unix time',
    registers: [registry],
  });
  new Gauge({
    name: 'exchange_websocket_connections',
    help: 'WebSocket connections open on this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets?.() ?? 0);
    },
  });
  new Gauge({
    name: 'exchange_job_leader',
    help: '1 for each scheduled job this process runs (leads), 0 for the ones another process runs',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { job, leader } of sources.leadership?.() ?? []) this.set({ job }, leader ? 1 : 0);
    },
  });
  new Gauge({
    name: 'exchange_price_age_seconds',
    help: 'Age of the newest reference price this process knows, per asset',
    labelNames: ['asset'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { asset, seconds } of sources.priceAges?.() ?? []) this.set({ asset }, seconds);
    },
  });
  new Counter({
    name: 'exchange_price_ticks_rejected_total',
    help: 'Provider ticks the price feed did not use (jump beyond PRICE_MAX_JUMP_PERCENT, no provider time), by asset and reason',
    labelNames: ['asset', 'reason'] as const,
    registers: [registry],
    collect() {
      // The feed keeps the running totals; the counter mirrors them at scrape time.
      this.reset();
      for (const { asset, reason, count } of sources.rejectedTicks?.() ?? [])
        this.inc({ asset, reason }, count);
    },
  });
  return {
    registry,
    requestDuration,
    orderUpdates,
    fills,
    batchSize,
    roundWrite,
    roundCommands,
    ledgerConsistent,
    ledgerCheckedAt,
    observe(next) {
      sources = { ...sources, ...next };
    },
  };
}
