import { accountMessages } from './accounts';
import { adminMessages } from './admin';
import { adminCustomerMessages } from './admin-customer';
import { adminLedgerMessages } from './admin-ledger';
import { adminOperatorMessages } from './admin-operators';
import { chainDepositMessages } from './chain-deposits';
import { coinDepositMessages } from './coin-deposits';
import { coinWithdrawalMessages } from './coin-withdrawals';
import { debtMessages } from './debts';
import { depositMessages } from './deposits';
import { genericMessages } from './generic';
import { kycMessages } from './kyc';
import { nftMessages } from './nft';
import { p2pMessages } from './p2p';
import { profileMessages } from './profile';
import { reserveMessages } from './reserves';
import { securityMessages } from './security';
import { solvencyChainMessages } from './solvency';
import { stakingMessages } from './staking';
import { statementMessages } from './statements';
import { supportMessages } from './support';
import { swapMessages } from './swap';
import { tradingMessages } from './trading';
import { tradingStopRuleMessages } from './trading-stop-rules';
import { tradingStopMessages } from './trading-stops';
import { twoFactorMessages } from './two-factor';
import { uploadMessages } from './uploads';
import { utxoFeeBumpMessages } from './utxo-fee-bumps';
import { withdrawalMessages } from './withdrawals';

/**
 * The message catalogue: the spec's user-facing texts, verbatim (odd spellings included), and our own
 * where the spec has none, one file per feature in this folder and one `messages` here. Screens and
 * the server read them from `messages` only; nothing else spells them out. A `{name}` in a text is
 * filled with `formatMessage`.
 */
export const messages = {
  ...accountMessages,
  ...kycMessages,
  ...depositMessages,
  ...tradingMessages,
  ...tradingStopRuleMessages,
  ...tradingStopMessages,
  ...stakingMessages,
  ...p2pMessages,
  ...swapMessages,
  ...supportMessages,
  ...profileMessages,
  ...uploadMessages,
  ...adminMessages,
  ...adminOperatorMessages,
  ...adminCustomerMessages,
  ...adminLedgerMessages,
  ...twoFactorMessages,
  ...debtMessages,
  ...securityMessages,
  ...withdrawalMessages,
  ...coinWithdrawalMessages,
  ...utxoFeeBumpMessages,
  ...coinDepositMessages,
  ...chainDepositMessages,
  ...solvencyChainMessages,
  ...nftMessages,
  ...statementMessages,
  ...reserveMessages,
  ...genericMessages,
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders of a catalogue message. */
export function formatMessage(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
