/**
 * A fixed number of slots for costly work in this process (decoding an image, say): at most `max`
 * jobs run at once, the others wait in arrival order. A job that waits longer than `maxWaitMs`, or
 * arrives while `maxWaiting` others already wait, is not run: `busy()` is thrown instead, so a
 * burst is answered quickly rather than queued without end (each waiter holds its request's body).
 */
export interface JobSlots {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now (never more than `max`). */
  running(): number;
  /** Jobs waiting for a slot now. */
  waiting(): number;
}

export interface JobSlotsOptions {
  readonly max: number;
  readonly maxWaitMs: number;
  readonly maxWaiting: number;
  /** The error a job that gets no slot is refused with. */
  readonly busy: () => Error;
}

interface Waiter {
  readonly start: () => void;
  readonly timer: NodeJS.Timeout;
}

export function createJobSlots(options: JobSlotsOptions): JobSlots {
  if (!(options.max >= 1)) throw new Error('job slots need at least one slot');
  let running = 0;
  const queue: Waiter[] = [];

  /** A slot for the caller: at once when one is free, else after the jobs ahead of it. */
  function acquire(): Promise<void> {
    if (running < options.max && queue.length === 0) {
      running += 1;
      return Promise.resolve();
    }
    if (queue.length >= options.maxWaiting) return Promise.reject(options.busy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          running += 1;
          resolve();
        },
        timer: setTimeout(() => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(options.busy());
        }, options.maxWaitMs),
      };
      queue.push(waiter);
    });
  }

  function release(): void {
    running -= 1;
    const next = queue.shift();
    if (next) next.start();
  }

  return {
    async run(job) {
      await acquire();
      try {
        return await job();
      } finally {
        release();
      }
    },
    running: () => running,
    waiting: () => queue.length,
  };
}
