import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { StoppedAtStart, untilServing } from './free-port';

const never = () => new Promise<never>(() => undefined);

describe('untilServing', () => {
  it("ends at the child's exit even inside a call that never answers", async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => process.exit(3), 200)']);
    const started = Date.now();
    await expect(
      untilServing(child, never, { name: 'the node', timeoutMs: 30_000, everyMs: 50 }),
    ).rejects.toThrow(new StoppedAtStart('the node stopped at start (exit 3)'));
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('tries again until the child answers, and fails with the last answer past its time', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      let calls = 0;
      await untilServing(
        child,
        async () => {
          calls += 1;
          if (calls < 3) throw new Error('warming up');
        },
        { name: 'the node', timeoutMs: 30_000, everyMs: 10 },
      );
      expect(calls).toBe(3);
      await expect(
        untilServing(child, () => Promise.reject(new Error('warming up')), {
          name: 'the node',
          timeoutMs: 50,
          everyMs: 10,
        }),
      ).rejects.toThrow('the node did not answer in 50 ms: warming up');
    } finally {
      child.kill();
    }
  });
});
