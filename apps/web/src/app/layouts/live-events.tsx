import { useChainDepositEvents } from '../../features/chain-deposits/use-chain-deposit-events';
import { useKycEvents } from '../../features/kyc/kyc-events';
import { useBalanceEvents } from '../../shared/wallet/use-balance-events';

/**
 * While signed in, balances, orders, coin deposits and KYC decisions follow the private socket channel
 * everywhere. Rendered only for a signed-in user (root-layout.tsx loads this module then), since the
 * events' schemas are most of the shell's zod work and a visitor receives none of them.
 */
export function LiveEvents() {
  useBalanceEvents(true);
  useChainDepositEvents(true);
  useKycEvents(true);
  return null;
}
