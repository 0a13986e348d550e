import type { Logger } from 'pino';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  type PublicClient,
} from 'viem';
import type { ChainSettings, ChainToken } from './chain-config';
import { chainClient } from './evm/evm-client';

/**
 * Every configured token's decimals, read from its contract on the chain at start (issue 43): a token
 * configured with other decimals than its contract has would credit deposits and send withdrawals off
 * by powers of ten, so the process refuses to start on a mismatch, naming the chain, the token, the
 * configured and the on-chain decimals. A contract that answers nothing (no contract at the address,
 * or no decimals()) is refused the same way.
 *
 * A node that cannot be reached is retried (START_CHECK_ATTEMPTS, START_CHECK_DELAY_MS apart) and then
 * refused too: no chain's jobs start unchecked. A supervisor restarting the process (systemd,
 * Kubernetes) starts it once the node answers.
 */
export class TokenDecimalsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `the configured tokens do not match their contracts on the chain:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    );
    this.name = 'TokenDecimalsError';
  }
}

export const START_CHECK_ATTEMPTS = 5;
export const START_CHECK_DELAY_MS = 2000;

export interface TokenCheckOptions {
  readonly attempts?: number;
  readonly delayMs?: number;
  /** The client of a chain (tests give their own). */
  readonly clientOf?: (settings: ChainSettings) => PublicClient;
}

type Reading = { kind: 'decimals'; decimals: number } | { kind: 'refused'; reason: string };

/** The contract's own answer (a number, or its refusal); a node that did not answer throws. */
async function readDecimals(client: PublicClient, token: ChainToken): Promise<Reading> {
  try {
    const decimals = await client.readContract({
      address: token.contract as Address,
      abi: erc20Abi,
      functionName: 'decimals',
    });
    return { kind: 'decimals', decimals };
  } catch (error) {
    const own =
      error instanceof BaseError &&
      error.walk(
        (cause) =>
          cause instanceof ContractFunctionZeroDataError || cause instanceof ContractFunctionRevertedError,
      );
    if (own)
      return {
        kind: 'refused',
        reason:
          'its decimals() answered nothing (no contract at that address on this chain, or not an ERC-20)',
      };
    throw error;
  }
}

function tokenName(settings: ChainSettings, token: ChainToken): string {
  return `chain '${settings.key}' (${settings.name}, chain id ${settings.chainId}): ${token.asset} at ${token.contract}`;
}

/** One chain's problems; retries while its node does not answer, then names that as the problem. */
async function checkChain(
  settings: ChainSettings,
  client: PublicClient,
  options: { attempts: number; delayMs: number },
  logger: Logger,
): Promise<string[]> {
  const tokens = settings.tokens.filter((token) => token.contract !== null);
  for (let attempt = 1; ; attempt++) {
    try {
      const problems: string[] = [];
      for (const token of tokens) {
        const reading = await readDecimals(client, token);
        if (reading.kind === 'refused') problems.push(`${tokenName(settings, token)}: ${reading.reason}`);
        else if (reading.decimals !== token.decimals)
          problems.push(
            `${tokenName(settings, token)}: configured with ${token.decimals} decimals, the contract on the chain has ${reading.decimals}`,
          );
      }
      return problems;
    } catch (error) {
      const reason = error instanceof BaseError ? error.shortMessage : String(error);
      if (attempt >= options.attempts)
        return [
          `chain '${settings.key}' (${settings.name}): its node did not answer after ${attempt} attempts (${reason}), so its tokens' decimals could not be checked`,
        ];
      logger.warn(
        { chain: settings.key, attempt, reason },
        'chain start check: the node did not answer; trying again',
      );
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    }
  }
}

/**
 * Checks every configured chain's tokens against their contracts (the chains at once); throws a
 * TokenDecimalsError listing every problem, or returns when each token matches. The start (main.ts)
 * runs it once the chains are known and before any job runs.
 */
export async function checkTokenDecimals(
  chains: readonly ChainSettings[],
  logger: Logger,
  options: TokenCheckOptions = {},
): Promise<void> {
  const settings = {
    attempts: options.attempts ?? START_CHECK_ATTEMPTS,
    delayMs: options.delayMs ?? START_CHECK_DELAY_MS,
  };
  const clientOf = options.clientOf ?? chainClient;
  const problems = (
    await Promise.all(
      chains
        .filter((chain) => chain.tokens.some((token) => token.contract !== null))
        .map((chain) => checkChain(chain, clientOf(chain), settings, logger)),
    )
  ).flat();
  if (problems.length > 0) throw new TokenDecimalsError(problems);
  for (const chain of chains)
    for (const token of chain.tokens)
      if (token.contract)
        logger.info(
          { chain: chain.key, asset: token.asset, decimals: token.decimals },
          'chain start check: token decimals match',
        );
}
