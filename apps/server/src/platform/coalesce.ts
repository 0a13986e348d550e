import DataLoader from 'dataloader';

/** The most keys one coalesced statement reads (a bound on its parameters and answer). */
const MAX_KEYS_PER_READ = 500;

/**
 * A read that many requests make at once (the guards' look-up of the caller, the wallet every order
 * answers with), answered for all of them by one statement. Keys asked for in the same turn of the
 * event loop (every request whose bytes arrived in one poll of the sockets) are read together after
 * that turn (setImmediate), so each request still reads after it arrived: nothing is cached, a change
 * committed before a request came in is always seen. On this machine a round trip to PostgreSQL costs
 * more CPU than the query (the write that wakes a backend), so 32 look-ups in one statement cost little
 * more than one.
 *
 * `readMany` answers a map from key to value; a key it leaves out reads as undefined. A failure of the
 * statement fails every request that waited on it, as each would have failed alone.
 */
export function coalescedRead<K, V>(
  readMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
): (key: K) => Promise<V | undefined> {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      // Without a cache the same key may come twice in one turn (two requests of one user).
      const found = await readMany([...new Set(keys)]);
      return keys.map((key) => found.get(key));
    },
    { cache: false, maxBatchSize: MAX_KEYS_PER_READ, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}
