import { describe, expect, it } from 'vitest';
import { createJobSlots } from './job-slots';

class Busy extends Error {}

/** A job that runs until the test lets it finish, recording how many ran at once. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('job slots', () => {
  it('never runs more jobs than slots at once, and runs the waiting ones in arrival order', async () => {
    const slots = createJobSlots({ max: 2, maxWaitMs: 5_000, maxWaiting: 10, busy: () => new Busy() });
    let now = 0;
    let peak = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 6 }, gate);
    const runs = gates.map((g, i) =>
      slots.run(async () => {
        now += 1;
        peak = Math.max(peak, now);
        order.push(i);
        await g.opened;
        now -= 1;
        return i;
      }),
    );
    await Promise.resolve();
    expect(slots.running()).toBe(2);
    expect(slots.waiting()).toBe(4);
    for (const g of gates) {
      g.open();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(slots.running()).toBe(0);
  });

  it('refuses a job that waited its longest, and one that finds the queue full', async () => {
    const slots = createJobSlots({ max: 1, maxWaitMs: 20, maxWaiting: 1, busy: () => new Busy() });
    const g = gate();
    const first = slots.run(() => g.opened);
    const waited = slots.run(async () => 'never');
    await expect(slots.run(async () => 'never')).rejects.toBeInstanceOf(Busy);
    await expect(waited).rejects.toBeInstanceOf(Busy);
    expect(slots.waiting()).toBe(0);
    g.open();
    await first;
    // A failed job gives its slot back.
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(slots.running()).toBe(0);
  });
});
