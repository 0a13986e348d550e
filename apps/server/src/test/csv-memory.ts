import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** The live heap after a full collection: what is held, not the garbage left for the collector. */
export function liveHeap(): number {
  collect();
  return process.memoryUsage().heapUsed;
}

/**
 * Reads a CSV download line by line (CRLF), handing each line and its 1-based number to `visit`, and
 * measures the live heap every `measureEvery` lines against `baseline`. Answers the line count, the
 * heap's peak and each measurement's growth in MB, for the export memory tests.
 */
export async function readCsvMeasured(
  body: ReadableStream<Uint8Array>,
  baseline: number,
  measureEvery: number,
  visit: (line: string, n: number) => void,
): Promise<{ lines: number; peak: number; samples: string[] }> {
  let lines = 0;
  let peak = baseline;
  const samples: string[] = [];
  let tail = '';
  const reader = body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    const parts = (tail + Buffer.from(chunk).toString('utf8')).split('\r\n');
    tail = parts.pop() ?? '';
    for (const line of parts) {
      lines += 1;
      if (lines % measureEvery === 0) {
        const heap = liveHeap();
        samples.push(((heap - baseline) / 1048576).toFixed(1));
        peak = Math.max(peak, heap);
      }
      visit(line, lines);
    }
  }
  if (tail) {
    lines += 1;
    visit(tail, lines);
  }
  return { lines, peak, samples };
}
