/**
 * The texts of debts left by reversed deposits and of the deposit hold period (none are in the spec:
 * ours), spread into the message catalogue (index.ts), where screens and the server read them.
 */
export const debtMessages = {
  debtOpen:
    'Your account has an unpaid balance from a reversed deposit, so sending, swapping and selling are paused. Please contact support to settle it.',
  depositOnHold:
    'Funds from a deposit made in the last {days} days cannot leave the exchange yet. You can send up to {free} USD worth now.',
  debtNoticeTitle: 'Your account is restricted',
  debtNoticeText:
    'You owe {amount} USD from a deposit that was reversed by the payment provider. Until it is settled you cannot send, swap or sell; buying still works. Please contact support.',
  accountRestrictionsLoaded: 'Account restrictions',
  adminDebtsTitle: 'Debts',
  adminDebtsLoaded: 'Debt list',
  adminUserDebtsTitle: 'Debts from reversed deposits',
  debtSettled: 'Debt settled',
  debtAlreadySettled: 'This debt is already settled',
  debtNotCovered:
    "The customer's available USD does not cover this debt: collect it after a new deposit, or write it off",
  debtNoteRequired: 'Write a note saying why the debt is written off',
  debtCollect: 'Collect from USD balance',
  debtWriteOff: 'Write off',
  debtNoteLabel: 'Note',
  depositChargedBack: 'Deposit charged back by the sandbox bank',
} as const;
