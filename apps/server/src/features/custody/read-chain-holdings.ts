import { isAssetCode } from '@exchange/domain';
import { changeAddressOf } from '../../platform/chain/bitcoin/change-address';
import type { ChainNode } from '../../platform/chain/chain-node';
import { type CustodyLine, ledgerCustody, reconcileCustody } from './reconcile-custody';
import type { ChainSweepDeps } from './sweep-deposit-addresses';

/** One chain's holdings for the solvency panel; `available` false when its node did not answer in time. */
export interface ChainHoldings {
  readonly chain: string;
  readonly chainName: string;
  readonly hotWallet: string | null;
  readonly coldWallet: string | null;
  /** The chain's native coin (ETH): its hot-wallet cap is the native one. */
  readonly nativeAsset: string | null;
  readonly available: boolean;
  /** Per coin; when unavailable, only the ledger's side (custody, uncredited) is known. */
  readonly lines: readonly (CustodyLine | LedgerOnlyLine)[];
}

export interface LedgerOnlyLine {
  readonly asset: string;
  readonly custody: bigint;
  readonly uncredited: bigint;
}

class Timeout extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`no answer in ${ms} ms`)), ms);
  });
  // The work may still end after the timeout; its outcome is then dropped.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Every configured chain's holdings, read from its node with the panel's short timeout
 * (CHAIN_READ_TIMEOUT_MS); a node that fails or does not answer in time leaves its chain "unavailable"
 * with the ledger's side still shown, rather than failing the panel.
 */
export async function readChainHoldings(
  deps: ChainSweepDeps,
  nodes: ReadonlyMap<string, ChainNode>,
): Promise<ChainHoldings[]> {
  return Promise.all(
    deps.chains.map(async (settings) => {
      // A Bitcoin-family chain's "hot wallet" is its internal address, where every withdrawal batch's change goes.
      const hotWallet =
        settings.family === 'bitcoin'
          ? changeAddressOf(settings)
          : deps.sender.hotWalletAddress(settings.key);
      // A cold wallet of the wrong kind for the chain (a 0x address on Litecoin) is not read.
      const configuredCold = deps.settings.coldWallets.get(settings.key) ?? null;
      const coldWallet =
        configuredCold && configuredCold.startsWith('0x') === (settings.family !== 'bitcoin')
          ? configuredCold
          : null;
      const nativeAsset = settings.tokens.find((token) => token.contract === null)?.asset ?? null;
      const base = { chain: settings.key, chainName: settings.name, hotWallet, coldWallet, nativeAsset };
      try {
        const lines = await within(
          deps.settings.readTimeoutMs,
          reconcileCustody(deps.db, settings, nodes.get(settings.key)!, {
            hot: hotWallet,
            cold: coldWallet,
          }),
        );
        return { ...base, available: true, lines };
      } catch (error) {
        deps.logger.warn({ err: error, chain: settings.key }, 'solvency: the chain did not answer');
        const lines: LedgerOnlyLine[] = [];
        for (const token of settings.tokens) {
          if (!isAssetCode(token.asset)) continue;
          const { custody, uncredited } = await ledgerCustody(deps.db, settings, {
            ...token,
            asset: token.asset,
          });
          lines.push({ asset: token.asset, custody, uncredited });
        }
        return { ...base, available: false, lines };
      }
    }),
  );
}
