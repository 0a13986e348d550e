import { describe, expect, it } from 'vitest';
import { coalescedRead } from './coalesce';

/** A reader that records every statement it would run: the keys it was asked for together. */
function recordingReader() {
  const calls: string[][] = [];
  const read = coalescedRead<string, string>(async (keys) => {
    calls.push([...keys]);
    return new Map(keys.filter((key) => !key.startsWith('missing')).map((key) => [key, `value of ${key}`]));
  });
  return { calls, read };
}

describe('coalescedRead', () => {
  it('answers every key asked for in one turn of the event loop with one read, each its own value', async () => {
    const { calls, read } = recordingReader();
    const answers = await Promise.all(['a', 'b', 'c'].map((key) => read(key)));
    expect(answers).toEqual(['value of a', 'value of b', 'value of c']);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('reads a key asked for twice once, and answers both', async () => {
    const { calls, read } = recordingReader();
    expect(await Promise.all([read('a'), read('a')])).toEqual(['value of a', 'value of a']);
    expect(calls).toEqual([['a']]);
  });

  it('answers undefined for a key the read did not find', async () => {
    const { read } = recordingReader();
    expect(await Promise.all([read('a'), read('missing-1')])).toEqual(['value of a', undefined]);
  });

  it('reads again for a later turn: nothing is cached between turns', async () => {
    const { calls, read } = recordingReader();
    await read('a');
    await new Promise((resolve) => setImmediate(resolve));
    await read('a');
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('fails every caller of a read that failed', async () => {
    const read = coalescedRead<string, string>(async () => {
      throw new Error('database down');
    });
    const results = await Promise.allSettled([read('a'), read('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
