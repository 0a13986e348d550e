import type { Logger } from 'pino';

/**
 * Work a route starts but does not wait for, so its answer takes the same time whatever the work finds.
 * The app's close waits for it, so nothing writes to a database pool that is shutting down.
 */
export class PendingWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  start(name: string, task: () => Promise<void>): void {
    const promise = task()
      .catch((error: unknown) => {
        this.logger.error(
          { task: name, error: error instanceof Error ? error.message : String(error) },
          'background task failed',
        );
      })
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
