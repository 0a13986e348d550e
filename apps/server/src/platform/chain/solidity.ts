import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);
const compiled = new Map<string, Hex>();

/**
 * The compiler settings every contract of ours is built with, fixed so the same source gives the same
 * bytes on every machine (the committed NFT artifact is checked against a fresh compile): the optimizer
 * as Hardhat's default, and the EVM version pinned to Cancun rather than solc's newest default: the
 * oldest that OpenZeppelin Contracts 5.6+ compiles for (it uses MCOPY), which Ethereum, BNB Smart Chain
 * and Polygon have run since 2024, and which hardhat's node (default hardfork Osaka) runs too.
 */
export const SOLC_SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
} as const;

/** The one library our contracts import, read from node_modules by the compiler's import callback. */
const LIBRARY = '@openzeppelin/contracts/';

export interface CompiledContract {
  readonly abi: Abi;
  readonly bytecode: Hex;
}

/** solc-js's version (the exact one package.json pins). */
export function solcVersion(): string {
  return (require('solc/package.json') as { version: string }).version;
}

/** OpenZeppelin Contracts' version as installed (pinned exactly in package.json). */
export function openZeppelinVersion(): string {
  return (require(`${LIBRARY}package.json`) as { version: string }).version;
}

/**
 * solc's import callback: `@openzeppelin/contracts/...` is read from the installed package, and
 * nothing else is found, so a contract cannot pull in a file from anywhere else on the machine.
 */
function findImport(importPath: string): { contents: string } | { error: string } {
  if (!importPath.startsWith(LIBRARY) || importPath.includes('..'))
    return { error: `only ${LIBRARY} may be imported, not ${importPath}` };
  const root = path.dirname(require.resolve(`${LIBRARY}package.json`));
  try {
    return { contents: readFileSync(path.join(root, importPath.slice(LIBRARY.length)), 'utf8') };
  } catch {
    return { error: `${importPath} is not in the installed ${LIBRARY}` };
  }
}

/**
 * Compiles `contract` from `source` (file name `<contract>.sol`, imports resolved by findImport) with
 * SOLC_SETTINGS: its ABI and creation code. Takes seconds for a contract on OpenZeppelin; callers that
 * compile often use compileSolidity's cache.
 */
export function compileContract(contract: string, source: string): CompiledContract {
  const solc = require('solc') as {
    compile(input: string, callbacks: { import: typeof findImport }): string;
  };
  const file = `${contract}.sol`;
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: {
      ...SOLC_SETTINGS,
      outputSelection: { [file]: { [contract]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`${contract} does not compile: ${errors[0]!.formattedMessage}`);
  const built = output.contracts?.[file]?.[contract];
  if (!built?.evm.bytecode.object) throw new Error(`solc gave no ${contract} bytecode`);
  return { abi: built.abi, bytecode: `0x${built.evm.bytecode.object}` };
}

/**
 * The creation code of a small contract the development chain or a test deploys (the test USDT, a
 * test's ERC-721 receiver), compiled once per process and kept in the system's temporary directory by
 * solc's version, the settings and the source's hash, so later processes skip the compile. The
 * exchange's ERC-721 is not built here: its compiled artifact is committed (nft-contract-artifact.json).
 */
export function compileSolidity(contract: string, source: string): Hex {
  const key = createHash('sha256')
    .update(`${solcVersion()}\n${JSON.stringify(SOLC_SETTINGS)}\n${contract}\n${source}`)
    .digest('hex')
    .slice(0, 16);
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
  const code = compileContract(contract, source).bytecode;
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
