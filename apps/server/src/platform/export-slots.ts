/**
 * How many CSV downloads run at once. Each running download holds one pooled database connection for
 * as long as its client keeps reading (a stalled client is cut by the idle-in-transaction timeout), so
 * without a cap a customer opening many downloads, or many customers at once, could take the pool the
 * rest of the API needs. A download beyond either cap is refused up front (429), never queued.
 */
export interface ExportSlots {
  /** A slot for `owner`, or why not; `release` gives it back (a second call does nothing). */
  take(owner: string): { ok: true; release: () => void } | { ok: false; reason: 'owner' | 'total' };
  /** Downloads running now (for tests and metrics). */
  running(): number;
}

/** At most `perOwner` downloads per customer and `total` in this process. */
export function createExportSlots(limits: { perOwner: number; total: number }): ExportSlots {
  const byOwner = new Map<string, number>();
  let total = 0;
  return {
    take(owner) {
      const mine = byOwner.get(owner) ?? 0;
      if (mine >= limits.perOwner) return { ok: false, reason: 'owner' };
      if (total >= limits.total) return { ok: false, reason: 'total' };
      byOwner.set(owner, mine + 1);
      total += 1;
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          total -= 1;
          const left = (byOwner.get(owner) ?? 1) - 1;
          if (left > 0) byOwner.set(owner, left);
          else byOwner.delete(owner);
        },
      };
    },
    running: () => total,
  };
}

/**
 * This process's downloads: two per customer (two History tabs at once), four in all, which leaves
 * most of the pool's 20 connections to the rest of the API.
 */
export const exportSlots = createExportSlots({ perOwner: 2, total: 4 });
