import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devLitecoinPauseFile, MAX_PAUSE_SECONDS, miningPaused } from './dev-litecoin-hold';

let dataDir: string;
let file: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ltc-pause-'));
  file = devLitecoinPauseFile(dataDir);
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Writes the pause file as a test would, `agoSeconds` before now. */
function pause(content: string, agoSeconds = 0): number {
  writeFileSync(file, content);
  const written = Date.now() - agoSeconds * 1000;
  utimesSync(file, written / 1000, written / 1000);
  return written;
}

describe("the development Litecoin miner's pause", () => {
  it('mines when no test asked for a pause', () => {
    expect(miningPaused(file)).toBe(false);
  });

  it('pauses for the seconds asked, counted from the last write', () => {
    const written = pause(JSON.stringify({ seconds: 20 }));
    expect(miningPaused(file, written + 19_000)).toBe(true);
    expect(miningPaused(file, written + 20_500)).toBe(false);
  });

  it('never longer than its cap, so a flow that died holding it stops blocks only for a while', () => {
    const written = pause(JSON.stringify({ seconds: 3600 }), MAX_PAUSE_SECONDS + 1);
    expect(miningPaused(file, written + (MAX_PAUSE_SECONDS - 1) * 1000)).toBe(true);
    expect(miningPaused(file)).toBe(false);
  });

  it('ignores a file that is half written or asks for nothing', () => {
    for (const content of ['{"seconds": 2', '{}', '{"seconds": -5}', '{"seconds": "20"}', 'null']) {
      pause(content);
      expect(miningPaused(file), content).toBe(false);
    }
  });
});
