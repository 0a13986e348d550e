import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Hex } from 'viem';

const require = createRequire(import.meta.url);
const compiled = new Map<string, Hex>();

/**
 * The creation code of one Solidity contract (the development chain's test USDT, the exchange's
 * ERC-721), compiled by solc-js from its source once per process and kept in the system's temporary
 * directory by solc's version and the source's hash, so later processes skip the compile.
 */
export function compileSolidity(contract: string, source: string): Hex {
  const version = (require('solc/package.json') as { version: string }).version;
  const key = createHash('sha256').update(`${version}\n${contract}\n${source}`).digest('hex').slice(0, 16);
  const known = compiled.get(key);
  if (known) return known;
  const cacheDir = path.join(os.tmpdir(), 'exchange-solc-cache');
  const cacheFile = path.join(cacheDir, `${contract}-${key}.hex`);
  try {
    const cached = readFileSync(cacheFile, 'utf8').trim();
    if (/^0x[0-9a-f]+$/.test(cached)) {
      compiled.set(key, cached as Hex);
      return cached as Hex;
    }
  } catch {
    // Not compiled yet on this machine.
  }
  const solc = require('solc') as { compile(input: string): string };
  const file = `${contract}.sol`;
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`${contract} does not compile: ${errors[0]!.formattedMessage}`);
  const object = output.contracts?.[file]?.[contract]?.evm.bytecode.object;
  if (!object) throw new Error(`solc gave no ${contract} bytecode`);
  const code: Hex = `0x${object}`;
  compiled.set(key, code);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${cacheFile}.${process.pid}`;
    writeFileSync(partial, code);
    renameSync(partial, cacheFile);
  } catch {
    // A cache that cannot be written only costs the next process a compile.
  }
  return code;
}
