/**
 * The back office's page of one customer (issue 46): disabling with a reason, freezing withdrawals,
 * and the mails that tell the customer. Part of the message catalogue (index.ts).
 */
export const adminCustomerMessages = {
  adminDisableAction: 'Disable',
  adminFreezeWithdrawals: 'Freeze withdrawals',
  adminUnfreezeWithdrawals: 'Unfreeze withdrawals',
  adminActionReason: 'Reason',
  adminActionReasonRequired: 'Please give a reason',
  confirmDisableAccountWithReason:
    'Disable this account? The user is signed out at once, cannot log in again and their open orders are cancelled. Their funds are kept. The reason is mailed to them.',
  confirmFreezeWithdrawals:
    'Freeze the withdrawals of this account? Coin and USD withdrawals and NFT send-outs are refused until you unfreeze them; trading stays on. The reason is mailed to them.',
  confirmUnfreezeWithdrawals: 'Unfreeze the withdrawals of this account? They can withdraw again.',
  withdrawalsFrozenByAdmin: 'Withdrawals frozen',
  withdrawalsUnfrozenByAdmin: 'Withdrawals unfrozen',
  withdrawalsFrozenBadge: 'Withdrawals frozen',
  withdrawalsFrozen:
    'Withdrawals from your account are frozen by our team. Trading is still open. Please contact support.',
  withdrawalHeld_withdrawals_frozen: 'withdrawals frozen by an admin',
  // Mails to the customer.
  accountActionMailSubject: 'A change to your account',
  accountDisabledMailText:
    'Your account was disabled by our team at {time}.\n\nReason: {reason}\n\nYour funds are kept. Please contact support if you have questions.',
  accountEnabledMailText: 'Your account was enabled again by our team at {time}. You can sign in again.',
  withdrawalsFrozenMailText:
    'Withdrawals from your account were frozen by our team at {time}. Trading stays open.\n\nReason: {reason}\n\nPlease contact support if you have questions.',
  withdrawalsUnfrozenMailText: 'Withdrawals from your account were unfrozen by our team at {time}.',
  // The customer page's sections.
  adminUserBalancesTab: 'Balances',
  adminUserAvailable: 'Available',
  adminUserHeld: 'Held',
  adminApiKeyRevoked: 'API key revoked',
  adminRevokeApiKey: 'Revoke',
  confirmRevokeApiKey: 'Revoke this API key? Programs using it stop working at once.',
  // Ending a customer's sessions (the Sessions tab).
  adminEndSession: 'End session',
  adminEndAllSessions: 'End all sessions',
  confirmEndSession: 'End this session? The device is signed out at once.',
  confirmEndAllSessions: 'End every session of this customer? All their devices are signed out at once.',
  adminSessionEnded: 'Session ended',
  adminSessionsEnded: 'Sessions ended: {count}',
  adminSessionNotFound: 'Session not found',
  adminSessionsOwn: 'End your own sessions on your Security page',
} as const;
